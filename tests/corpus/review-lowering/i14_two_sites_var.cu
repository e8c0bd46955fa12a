// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): same-value value loaded from in[0] into a register at two sites, stored at one site -> possible (3)
__global__ void k(const int *in, int *out) {
  __shared__ int s[4];
  int v;
  if (threadIdx.x & 1) v = in[0]; else v = in[0];
  s[0] = v;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
