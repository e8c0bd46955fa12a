// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy recursion always ends at s[0]; all threads write it
__device__ float& rec(float* s, int n) { if (n == 0) return s[0]; return rec(s, n - 1); }
__global__ void k(float *out) {
  __shared__ float s[64];
  rec(s, threadIdx.x % 4) = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
