// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy ref(idx)=5 makes every thread write s[5]
__device__ int& ref(int& x) { return x; }
__global__ void k(float *out) {
  __shared__ float s[64];
  int idx = threadIdx.x;
  ref(idx) = 5;
  s[idx] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
