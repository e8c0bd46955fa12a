// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1 --distinct-elements idx
// corpus-expect: correct
// TRUTH (the reviewer's): correct as d01 with __ldg -> proved
__global__ void k(const int * __restrict__ idx, int *out) {
  out[__ldg(&idx[threadIdx.x])] = threadIdx.x;
}
