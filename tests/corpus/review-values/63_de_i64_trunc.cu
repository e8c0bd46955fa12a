// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1:64 --param n=0:4096 --distinct-elements map
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (long long map with distinct values 0 and 1<<32; truncated to int both give index 0)
__global__ void k(float *out, const long long *map, const float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[(int)map[i]] = v[i];
}
