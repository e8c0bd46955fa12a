// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy thread 0 stores short (signed char)-1 = 0xFFFF; thread 1 stores byte 0 at byte 1 -> byte1 FF vs 00
__global__ void k(int *out) {
  __shared__ short s[4];
  signed char c = -1;
  if (threadIdx.x == 0) s[0] = c;
  if (threadIdx.x == 1) ((unsigned char*)s)[1] = (unsigned char)c & 0;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
