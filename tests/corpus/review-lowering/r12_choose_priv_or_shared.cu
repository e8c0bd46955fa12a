// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy odd threads write s[0] through the helper; even write a private float
__device__ float& choose(float& priv, float* sh, int t) {
  if (t % 2) return sh[0];
  return priv;
}
__global__ void k(float *out) {
  __shared__ float s[64];
  float p = 0.f;
  choose(p, s, threadIdx.x) = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[0] + p;
}
