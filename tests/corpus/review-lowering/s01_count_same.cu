// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1:4
// corpus-expect: correct
// TRUTH (the reviewer's): same-value every thread of the block stores the block's __syncthreads_count into s[0] -> possible (3)
__global__ void k(int *out) {
  __shared__ int s[4];
  int c = __syncthreads_count(threadIdx.x & 1);
  s[0] = c;
  __syncthreads();
  out[blockIdx.x * 64 + threadIdx.x] = s[0];
}
