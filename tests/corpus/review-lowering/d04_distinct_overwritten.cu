// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1 --distinct-elements idx
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy the kernel overwrites idx with zeros before the scatter, so the host's distinctness no longer holds: all write out[0]
__global__ void k(int *idx, int *out) {
  idx[threadIdx.x] = 0;
  __syncthreads();
  out[idx[threadIdx.x]] = threadIdx.x;
}
