// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy memset of 4 bytes at stride 3: byte 3t+3 shared by threads t and t+1 with different values
#include <cstring>
__global__ void k(int *out) {
  __shared__ unsigned char s[256];
  memset(s + 3 * threadIdx.x, threadIdx.x, 4);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
