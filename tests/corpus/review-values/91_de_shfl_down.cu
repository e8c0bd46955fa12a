// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1 --distinct-elements map
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (shfl_down by 1: lane 31 keeps its own value and lane 30 receives lane 31's value -> both write out[map[31]])
__global__ void k(float *out, const int *map, const float *v) {
  int t = threadIdx.x;
  int m = __shfl_down_sync(0xffffffffu, map[t], 1);
  out[m] = v[t];
}
