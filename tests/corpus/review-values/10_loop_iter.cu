// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 32 --grid 2:8
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (across blocks, block A in iteration 0 stores 0 while block B in iteration 1 stores 1 to out[0]; unordered)
__global__ void k(int *out) {
  for (int i = 0; i < 2; i++) {
    if (threadIdx.x == 0) out[0] = i;
    __syncthreads();
  }
}
