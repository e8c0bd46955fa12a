// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64
// corpus-expect: correct
// TRUTH (the reviewer's): correct — threadIdx.x / 64 == 0 for block 64, so every thread loads in[0]
__global__ void k(const int * __restrict__ in) {
  __shared__ int s[1];
  s[0] = in[threadIdx.x / 64];
}
