// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1 --distinct-elements idx
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy distinct ints masked to 8 bits may collide (e.g. 1 and 257)
__global__ void k(const int *idx, int *out) {
  out[idx[threadIdx.x] & 0xFF] = threadIdx.x;
}
