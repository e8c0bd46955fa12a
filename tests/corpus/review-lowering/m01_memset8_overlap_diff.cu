// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy memset(s+tid, tid, 8) covers s[tid] and s[tid+1]; neighbours overlap with different bytes
#include <cstring>
__global__ void k(int *out) {
  __shared__ int s[72];
  memset(s + threadIdx.x, threadIdx.x, 8);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
