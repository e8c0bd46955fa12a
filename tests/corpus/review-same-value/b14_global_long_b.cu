// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy — global 8-byte: t1 writes int index 0 of out64[0] from int index 1 of in64[0]
__global__ void k(long long * __restrict__ out64, const long long * __restrict__ in64) {
  if (threadIdx.x == 0) out64[0] = in64[0];
  else if (threadIdx.x == 1) ((int *)out64)[0] = ((const int *)in64)[1];
}
