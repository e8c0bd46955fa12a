// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy g[0] loaded before and after thread 0 rewrites it (barrier-ordered), both values stored to out[0] racing
__global__ void k(int *g, int *out) {
  int a = g[0];
  __syncthreads();
  if (threadIdx.x == 0) g[0] = a ^ 1;
  __syncthreads();
  int b = g[0];
  if (threadIdx.x == 3) out[0] = a;
  if (threadIdx.x == 5) out[0] = b;
}
