// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy — warp 0 loads in[0], warp 1 loads in[1]
__global__ void k(const int * __restrict__ in) {
  __shared__ int s[1];
  s[0] = in[threadIdx.x >> 5];
}
