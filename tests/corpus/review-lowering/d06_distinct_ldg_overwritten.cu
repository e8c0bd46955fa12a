// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1 --distinct-elements idx
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy as d05 but the scatter index is read with __ldcg (coherent at L2) after the kernel overwrote idx[1]
__global__ void k(int *idx, int *out) {
  if (threadIdx.x == 1) idx[1] = idx[0];
  __syncthreads();
  out[__ldcg(&idx[threadIdx.x])] = threadIdx.x;
}
