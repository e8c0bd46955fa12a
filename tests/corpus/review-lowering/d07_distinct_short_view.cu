// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1 --distinct-elements idx
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy reading the low 16 bits of distinct ints: 0x10000 and 0x20000 are distinct but both give 0
__global__ void k(const int *idx, int *out) {
  out[((const unsigned short*)idx)[2 * threadIdx.x]] = threadIdx.x;
}
