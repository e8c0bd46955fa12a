// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): same-value float ctor: every thread writes 0 to s[0] -> rule says possible (exit 3)
struct W { float x; __device__ W(float* s) : x(1.f) { s[0] = 0.f; } };
__global__ void k(float *out) {
  __shared__ float s[64];
  W w(s);
  __syncthreads();
  out[threadIdx.x] = s[0] + w.x;
}
