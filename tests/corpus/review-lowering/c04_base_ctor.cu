// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy base-class constructor writes s[0]
struct B { float b; __device__ B(float* s) : b(0.f) { s[0] = threadIdx.x; } };
struct Dd : B { float f; __device__ Dd(float* s) : B(s), f(0.f) {} };
__global__ void k(float *out) {
  __shared__ float s[64];
  Dd d(s);
  __syncthreads();
  out[threadIdx.x] = s[0] + d.f;
}
