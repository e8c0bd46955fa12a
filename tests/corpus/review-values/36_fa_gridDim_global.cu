// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 32 --grid 2:8
// corpus-expect: correct
// TRUTH (the reviewer's): correct (benign same-value race: thread 0 of every block stores gridDim.x to out[0])
__global__ void k(int *out) {
  if (threadIdx.x == 0) out[0] = gridDim.x;
}
