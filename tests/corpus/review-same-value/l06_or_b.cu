// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy — thread 0 skips adding iteration 0's __syncthreads_or; differs when that result is 1
__global__ void k(const int * __restrict__ in) {
  __shared__ int s[1];
  int acc = 0;
  for (int i = 0; i < 3; ++i) {
    int r = __syncthreads_or(in[threadIdx.x + i * 64] == 7);
    if (threadIdx.x != 0 || i > 0) acc += r;
  }
  s[0] = acc;
}
