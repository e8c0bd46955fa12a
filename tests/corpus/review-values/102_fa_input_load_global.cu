// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 32 --grid 2:8
// corpus-expect: correct
// TRUTH (the reviewer's): correct (benign same-value race between blocks: thread 0 of each block copies read-only in[0] to out[0])
__global__ void k(int *out, const int *in) {
  if (threadIdx.x == 0) out[0] = in[0];
}
