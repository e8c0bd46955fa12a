// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): same-value even threads store int 0x7fc00000, odd store float NaN with the same bits via a union alias -> possible (3)
__global__ void k(float *out) {
  __shared__ union { int i[4]; float f[4]; } u;
  if (threadIdx.x & 1) u.f[0] = __builtin_nanf(""); else u.i[0] = 0x7fc00000;
  __syncthreads();
  out[threadIdx.x] = u.f[0];
}
