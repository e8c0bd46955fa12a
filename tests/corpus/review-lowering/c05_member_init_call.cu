// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy member initializer calls a function that writes s[0]
__device__ float touch(float* s) { s[0] = threadIdx.x; return 1.f; }
struct M { float f; __device__ M(float* s) : f(touch(s)) {} };
__global__ void k(float *out) {
  __shared__ float s[64];
  M m(s);
  __syncthreads();
  out[threadIdx.x] = s[0] + m.f;
}
