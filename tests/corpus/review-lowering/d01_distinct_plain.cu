// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1 --distinct-elements idx
// corpus-expect: correct
// TRUTH (the reviewer's): correct idx elements pairwise distinct, out[idx[tid]] never collides -> proved
__global__ void k(const int *idx, int *out) {
  out[idx[threadIdx.x]] = threadIdx.x;
}
