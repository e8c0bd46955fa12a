// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): same-value thread 0 stores int 0x01020304, thread 1 stores byte 0x04 at byte 0 (same byte) -> possible (3)
__global__ void k(int *out) {
  __shared__ int s[4];
  if (threadIdx.x == 0) s[0] = 0x01020304;
  if (threadIdx.x == 1) ((unsigned char*)s)[0] = 0x04;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
