// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1 --distinct-elements idx>=0
// corpus-expect: correct
// TRUTH (the reviewer's): correct only non-negative (distinct) entries are used as addresses -> proved
__global__ void k(const int *idx, int *out) {
  int j = __ldg(&idx[threadIdx.x]);
  if (j >= 0) out[j] = threadIdx.x;
}
