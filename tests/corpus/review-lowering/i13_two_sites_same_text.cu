// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): same-value two load sites of the same never-written address in[2] -> possible (3)
__global__ void k(const int *in, int *out) {
  __shared__ int s[4];
  if (threadIdx.x & 1) s[0] = in[2]; else s[0] = in[2];
  __syncthreads();
  out[threadIdx.x] = s[0];
}
