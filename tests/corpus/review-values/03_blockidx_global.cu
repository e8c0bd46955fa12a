// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 2:64
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (every block stores its blockIdx.x into out[0]; blocks differ -> value depends on order)
__global__ void k(int *out) {
  if (threadIdx.x == 0) out[0] = blockIdx.x;
}
