// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy even threads store +0.0f, odd store -0.0f: different bytes (0x00000000 vs 0x80000000) -> violation
__global__ void k(float *out) {
  __shared__ float s[4];
  s[0] = (threadIdx.x & 1) ? -0.0f : 0.0f;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
