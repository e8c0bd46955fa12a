// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1 --distinct-elements idx
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy __ldcs(&idx[tid/2]): threads 2k,2k+1 load the same element -> same address, different values -> violation
__global__ void k(const int * __restrict__ idx, int *out) {
  out[__ldcs(&idx[threadIdx.x / 2])] = threadIdx.x;
}
