// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): correct __ldcg (ld.global.cg, coherent at L2) of data written before the barrier -> proved
__global__ void k(int *g, int *out) {
  g[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = __ldcg(&g[threadIdx.x ^ 1]);
}
