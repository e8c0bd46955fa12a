// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): correct constructor barrier (uniform) separates write of s[tid] from read of s[tid^1]
struct S { float x; __device__ S(float* s) : x(0.f) { __syncthreads(); x = s[threadIdx.x ^ 1]; } };
__global__ void k(float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = threadIdx.x;
  S a(s);
  out[threadIdx.x] = a.x;
}
