// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy memcpy 8 bytes to s+tid: overlaps neighbour's copy; values tid vs tid+1 differ at s[tid+1]
#include <cstring>
__global__ void k(float *out) {
  __shared__ float s[72];
  float loc[2] = {(float)threadIdx.x, (float)threadIdx.x};
  memcpy(s + threadIdx.x, loc, 8);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
