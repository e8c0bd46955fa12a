// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy slot(loc,0)=0 overwrites the private index, so every thread writes s[0]
__device__ int& slot(int* a, int i) { return a[i]; }
__global__ void k(float *out) {
  __shared__ float s[64];
  int loc[1];
  loc[0] = threadIdx.x;
  slot(loc, 0) = 0;
  s[loc[0]] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
