// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy every thread writes its tid into every element of s via range-for references
__global__ void k(float *out) {
  __shared__ float s[4];
  for (float& v : s) v = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
