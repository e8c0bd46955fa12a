// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1 --param n=0:1 --distinct-elements map
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (for n == 1 every thread scatters through idx, which is not distinct)
__global__ void k(float *out, const int *map, const int *idx, const float *v, int n) {
  int t = threadIdx.x;
  const int *p = n ? idx : map;
  out[p[t]] = v[t];
}
