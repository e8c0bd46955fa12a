// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy thread 0 stores int in[0]; thread 1 stores byte ((char*)in)[1] at byte 0 of s -> bytes may differ
__global__ void k(const int *in, int *out) {
  __shared__ int s[4];
  if (threadIdx.x == 0) s[0] = in[0];
  if (threadIdx.x == 1) ((unsigned char*)s)[0] = ((const unsigned char*)in)[1];
  __syncthreads();
  out[threadIdx.x] = s[0];
}
