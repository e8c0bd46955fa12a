// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy divergence
// TRUTH (the reviewer's): buggy constructor contains __syncthreads and is run only by threads < 32 (barrier divergence)
struct S { float x; __device__ S(float* s) : x(0.f) { __syncthreads(); x = s[0]; } };
__global__ void k(float *out) {
  __shared__ float s[64];
  float r = 0.f;
  if (threadIdx.x < 32) { S a(s); r = a.x; }
  out[threadIdx.x] = r;
}
