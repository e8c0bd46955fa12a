// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): same-value every thread stores __int_as_float(0x3f800000) = 1.0f -> possible (3)
__global__ void k(float *out) {
  __shared__ float s[4];
  s[0] = __int_as_float(0x3f800000);
  __syncthreads();
  out[threadIdx.x] = s[0];
}
