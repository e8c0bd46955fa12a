// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): same-value every thread stores the constant __builtin_nanf("") (one bit pattern) -> possible (3)
__global__ void k(float *out) {
  __shared__ float s[4];
  s[0] = __builtin_nanf("");
  __syncthreads();
  out[threadIdx.x] = s[0];
}
