// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy float-class constructor taking a const float& reads s[tid^1] before the barrier
struct W { float v; __device__ W(const float& src) : v(src * 2.f) {} };
__global__ void k(float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = threadIdx.x;
  W w(s[threadIdx.x ^ 1]);
  __syncthreads();
  out[threadIdx.x] = w.v;
}
