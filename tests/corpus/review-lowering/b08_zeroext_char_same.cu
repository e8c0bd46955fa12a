// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): same-value thread 0 stores short (unsigned char)0xFF = 0x00FF; thread 1 stores byte 0 at byte 1 -> same -> possible (3)
__global__ void k(int *out) {
  __shared__ short s[4];
  unsigned char c = 0xFF;
  if (threadIdx.x == 0) s[0] = c;
  if (threadIdx.x == 1) ((unsigned char*)s)[1] = 0;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
