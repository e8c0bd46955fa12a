// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1 --distinct-elements map
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (lane 0's map value is broadcast to the whole warp; all 32 lanes write out[map[warp*32]])
__global__ void k(float *out, const int *map, const float *v) {
  int t = threadIdx.x;
  int m = __shfl_sync(0xffffffffu, map[t], 0);
  out[m] = v[t];
}
