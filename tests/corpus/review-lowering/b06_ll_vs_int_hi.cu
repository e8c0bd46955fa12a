// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy 8-byte 0x0000000600000005 vs int 5 at s[1] (high word is 6) -> different
__global__ void k(int *out) {
  __shared__ int s[4];
  if (threadIdx.x == 0) *(long long*)s = 0x0000000600000005LL;
  if (threadIdx.x == 1) s[1] = 5;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
