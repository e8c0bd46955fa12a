// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1 --distinct-elements idx
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy thread 1 copies idx[0] into idx[1]; after the barrier threads 0 and 1 write the same out cell
__global__ void k(int *idx, int *out) {
  if (threadIdx.x == 1) idx[1] = idx[0];
  __syncthreads();
  out[idx[threadIdx.x]] = threadIdx.x;
}
