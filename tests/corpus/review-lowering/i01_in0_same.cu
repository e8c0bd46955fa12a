// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1:4
// corpus-expect: correct
// TRUTH (the reviewer's): same-value every thread stores in[0] (never written) into s[0] -> possible (3)
__global__ void k(const int *in, int *out) {
  __shared__ int s[4];
  s[0] = in[0];
  __syncthreads();
  out[blockIdx.x * 64 + threadIdx.x] = s[0];
}
