// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy constructor stores pointer member then writes through it
struct Z { float f; float* p; __device__ Z(float* s) : f(0.f), p(s) { p[2] = threadIdx.x; } };
__global__ void k(float *out) {
  __shared__ float s[64];
  Z z(s);
  __syncthreads();
  out[threadIdx.x] = s[2] + z.f;
}
