// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): same-value memset(s+tid, 0, 8): neighbours overlap writing zeros -> possible (3)
#include <cstring>
__global__ void k(int *out) {
  __shared__ int s[72];
  memset(s + threadIdx.x, 0, 8);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
