// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64
// corpus-expect: correct
// TRUTH (the reviewer's): correct — t0 stores 8-byte in64[0]; t1 stores its high 4 bytes (int index 1) into int index 1 of s
__global__ void k(const long long * __restrict__ in64) {
  __shared__ long long s[1];
  if (threadIdx.x == 0) s[0] = in64[0];
  else if (threadIdx.x == 1) ((int *)s)[1] = ((const int *)in64)[1];
}
