// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1:64 --param n=0:4096 --distinct-elements map
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (int32 map read as consecutive 16-bit halves h[i]; for ANY permutation of 0..n-1 with n<65536, h[1] (high half of map[0]) == h[3] (high half of map[1]) == 0)
__global__ void k(float *out, const int *map, const float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned short *h = (const unsigned short *)map;
  if (i < n) out[h[i]] = v[i];
}
