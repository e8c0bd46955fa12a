// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy s[tid] = tid & ~1 and thread reads s[tid^1]: pairs hit the same out cell -> violation
__global__ void k(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x & ~1u;
  __syncthreads();
  out[s[threadIdx.x ^ 1]] = threadIdx.x;
}
