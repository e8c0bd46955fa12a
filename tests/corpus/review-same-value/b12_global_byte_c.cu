// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64
// corpus-expect: correct
// TRUTH (the reviewer's): correct — global: t0 stores in[0] to out[0]; t1 stores byte 1 of in[0] into byte 1 of out[0]
__global__ void k(int * __restrict__ out, const int * __restrict__ in) {
  if (threadIdx.x == 0) out[0] = in[0];
  else if (threadIdx.x == 1) ((unsigned char *)out)[1] = ((const unsigned char *)in)[1];
}
