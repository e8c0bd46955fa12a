// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64
// corpus-expect: correct
// TRUTH (the reviewer's): correct — little endian: byte 2 of s[0] is bits 16..23 of in[0] = (in[0] >> 16) & 0xff
__global__ void k(const int * __restrict__ in) {
  __shared__ int s[1];
  if (threadIdx.x == 0) s[0] = in[0];
  else if (threadIdx.x == 1) ((unsigned char *)s)[2] = (unsigned char)(in[0] >> 16);
}
