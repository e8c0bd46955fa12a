// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy method of a float class writes caller's index via reference; all write s[0]
struct W { float x; __device__ void reset(int& i) { i = 0; x = 1.f; } };
__global__ void k(float *out) {
  __shared__ float s[64];
  int idx = threadIdx.x;
  W w; w.x = 0.f;
  w.reset(idx);
  s[idx] = threadIdx.x + w.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
