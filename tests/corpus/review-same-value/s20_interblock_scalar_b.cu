// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 4 --block 64
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy — thread 0 of each block stores blockIdx.x into out[0]; always differs between blocks
__global__ void k(int * __restrict__ out) {
  if (threadIdx.x == 0) out[0] = blockIdx.x;
}
