// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1:64 --param n=1:4096 --distinct-elements map
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (every thread uses element map[0] -> same out address, different v[i])
__global__ void k(float *out, const int *map, const float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[map[0]] = v[i];
}
