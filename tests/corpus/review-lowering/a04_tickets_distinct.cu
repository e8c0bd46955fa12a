// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): correct ticket = warp index, so warps never collide -> proved
__global__ void k(int *out) {
  __shared__ int s_tile[2];
  if ((threadIdx.x & 31) == 0) s_tile[threadIdx.x / 32] = threadIdx.x / 32;
  __syncthreads();
  out[s_tile[threadIdx.x / 32] * 32 + (threadIdx.x & 31)] = threadIdx.x;
}
