// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy — even threads keep iteration 0's count, odd threads iteration 1's; counts differ for some input
__global__ void k(const int * __restrict__ in) {
  __shared__ int s[1];
  int keep = 0;
  for (int i = 0; i < 2; ++i) {
    int c = __syncthreads_count(in[threadIdx.x + i * 64] > 0);
    if ((threadIdx.x & 1) == i) keep = c;
  }
  s[0] = keep;
}
