// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 32 --grid 2:8
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (block 5 stores 1, others 0, to out[0]; happens when gridDim.x >= 6 which the contract allows)
__global__ void k(int *out) {
  if (threadIdx.x == 0) out[0] = (blockIdx.x == 5) ? 1 : 0;
}
