// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy (&r)[1] with r = s[tid] writes s[tid+1], which thread tid+1 writes via r -> different values
__global__ void k(float *out) {
  __shared__ float s[65];
  float& r = s[threadIdx.x];
  r = threadIdx.x;
  (&r)[1] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
