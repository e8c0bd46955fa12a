// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy g[0] is changed by the kernel between the two loads; odd threads store old, even store new -> different values
__global__ void k(int *g, int *out) {
  __shared__ int s[4];
  int a = g[0];
  __syncthreads();
  if (threadIdx.x == 0) g[0] = a + 1;
  __syncthreads();
  int b = g[0];
  s[0] = (threadIdx.x & 1) ? a : b;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
