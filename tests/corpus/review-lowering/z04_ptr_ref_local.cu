// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy rp(p) = s rebinds the private pointer to s, so every thread writes s[0]
__device__ float*& rp(float*& p) { return p; }
__global__ void k(float *out) {
  __shared__ float s[64];
  float* p = s + threadIdx.x;
  rp(p) = s;
  *p = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
