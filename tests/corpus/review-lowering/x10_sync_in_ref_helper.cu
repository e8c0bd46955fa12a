// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy divergence
// TRUTH (the reviewer's): buggy helper returning a reference contains __syncthreads and is called only by odd threads -> barrier divergence
__device__ float& syncat(float* s, int i) { __syncthreads(); return s[i]; }
__global__ void k(float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = 1.f;
  if (threadIdx.x & 1) syncat(s, threadIdx.x) = 2.f;
  out[threadIdx.x] = 0.f;
}
