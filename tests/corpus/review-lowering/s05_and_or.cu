// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy __syncthreads_and gives 0, __syncthreads_or gives 1; odd/even threads store different ones
__global__ void k(int *out) {
  __shared__ int s[4];
  int a = __syncthreads_and(threadIdx.x < 5);
  int o = __syncthreads_or(threadIdx.x < 5);
  s[0] = (threadIdx.x & 1) ? a : o;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
