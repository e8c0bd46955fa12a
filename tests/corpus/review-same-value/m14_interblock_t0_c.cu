// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 4 --block 64
// corpus-expect: correct
// TRUTH (the reviewer's): correct — thread 0 of each block stores in[0] into out[0]; inter-block race, same value
__global__ void k(int * __restrict__ out, const int * __restrict__ in) {
  if (threadIdx.x == 0) out[0] = in[0];
}
