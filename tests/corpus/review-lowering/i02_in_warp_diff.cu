// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy s[0] = in[tid/32]: warps load different addresses whose contents may differ -> violation
__global__ void k(const int *in, int *out) {
  __shared__ int s[4];
  s[0] = in[threadIdx.x / 32];
  __syncthreads();
  out[threadIdx.x] = s[0];
}
