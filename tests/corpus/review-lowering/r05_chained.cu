// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy chained helpers all designate s[0]
__device__ float& at(float* b, int i) { return b[i]; }
__device__ float& first(float* p) { return at(p, 0); }
__device__ float& wrap(float& r) { return r; }
__global__ void k(float *out) {
  __shared__ float s[64];
  wrap(first(s + (threadIdx.x & 0))) = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
