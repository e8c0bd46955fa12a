// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy — t1 stores the LOW 4 bytes of in64[0] into the high half of s[0]
__global__ void k(const long long * __restrict__ in64) {
  __shared__ long long s[1];
  if (threadIdx.x == 0) s[0] = in64[0];
  else if (threadIdx.x == 1) ((int *)s)[1] = ((const int *)in64)[0];
}
