// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 4 --block 64
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy — each block stores in[blockIdx.x] into out[0]; blocks differ when inputs differ
__global__ void k(int * __restrict__ out, const int * __restrict__ in) {
  out[0] = in[blockIdx.x];
}
