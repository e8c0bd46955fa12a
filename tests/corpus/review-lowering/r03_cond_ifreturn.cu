// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy threads >5 all write s[0] through the early return
__device__ float& sel(float* s, int i) {
  if (i > 5) return s[0];
  return s[i + 1];
}
__global__ void k(float *out) {
  __shared__ float s[64];
  sel(s, threadIdx.x) = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
