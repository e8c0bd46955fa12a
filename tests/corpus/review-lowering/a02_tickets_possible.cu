// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's, relabelled: two equal input tickets make the warps collide, a race for some input): possible per-warp tickets from input; warps collide only if two tickets are equal -> possible (3)
__global__ void k(const int *in, int *out) {
  __shared__ int s_tile[2];
  if ((threadIdx.x & 31) == 0) s_tile[threadIdx.x / 32] = in[threadIdx.x / 32];
  __syncthreads();
  out[s_tile[threadIdx.x / 32] * 32 + (threadIdx.x & 31)] = threadIdx.x;
}
