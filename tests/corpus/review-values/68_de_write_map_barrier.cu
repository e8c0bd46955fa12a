// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1 --distinct-elements map
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (thread 0 overwrites map[1] = map[0] before the barrier; after it map[0]==map[1], so threads 0 and 1 write the same out element with different v)
__global__ void k(float *out, int *map, const float *v) {
  int i = threadIdx.x;
  if (i == 0) map[1] = map[0];
  __syncthreads();
  out[map[i]] = v[i];
}
