// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy every thread writes out[s_idx[0]] with its tid: same address for every loaded value -> violation
__global__ void k(const int *in, int *out) {
  __shared__ int s_idx[4];
  if (threadIdx.x == 0) s_idx[0] = in[0];
  __syncthreads();
  out[s_idx[0]] = threadIdx.x;
}
