// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy id() returns its reference parameter, s[0] written by all
__device__ float& id(float& x) { return x; }
__global__ void k(float *out) {
  __shared__ float s[64];
  id(s[0]) = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
