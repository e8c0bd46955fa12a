// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy — t1 stores byte 2 of in[1] (not in[0]) into byte 2 of s[0]
__global__ void k(const int * __restrict__ in) {
  __shared__ int s[1];
  if (threadIdx.x == 0) s[0] = in[0];
  else if (threadIdx.x == 1) ((unsigned char *)s)[2] = ((const unsigned char *)in)[4 + 2];
}
