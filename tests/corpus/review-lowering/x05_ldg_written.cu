// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy __ldg (ld.global.nc) reads g[tid^1] which this kernel wrote earlier: the non-coherent path may return stale data even after __syncthreads
__global__ void k(int *g, int *out) {
  g[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = __ldg(&g[threadIdx.x ^ 1]);
}
