// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy even threads all write s[1] (b[0]) with different values
__device__ float& pick(float* a, float* b, bool c) { return c ? a[0] : b[0]; }
__global__ void k(float *out) {
  __shared__ float s[2];
  pick(s, s + 1, threadIdx.x & 1) = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[0] + s[1];
}
