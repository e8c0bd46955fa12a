// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy memcpy of a private float pair (thread-dependent) into s[0..1] by all threads
#include <cstring>
__global__ void k(float *out) {
  __shared__ float s[64];
  float loc[2] = {(float)threadIdx.x, 0.f};
  memcpy(s, loc, sizeof loc);
  __syncthreads();
  out[threadIdx.x] = s[0];
}
