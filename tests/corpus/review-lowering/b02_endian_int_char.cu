// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy thread 0 stores int 0x01020304 (byte0 = 0x04 little-endian), thread 1 stores byte 0x01 at byte 0 -> different
__global__ void k(int *out) {
  __shared__ int s[4];
  if (threadIdx.x == 0) s[0] = 0x01020304;
  if (threadIdx.x == 1) ((unsigned char*)s)[0] = 0x01;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
