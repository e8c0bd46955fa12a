// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy a temporary's float-class constructor writes s[0]
struct T { float x; __device__ T(float* s, float v) : x(v) { s[0] = v; } __device__ float get() const { return x; } };
__global__ void k(float *out) {
  __shared__ float s[64];
  float v = T(s, (float)threadIdx.x).get();
  __syncthreads();
  out[threadIdx.x] = s[0] + v;
}
