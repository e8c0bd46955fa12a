// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64
// corpus-expect: correct
// TRUTH (the reviewer's): correct — keep = __syncthreads_count result of the last iteration; block-uniform at each barrier instance
__global__ void k(const int * __restrict__ in) {
  __shared__ int s[1];
  int keep = 0;
  for (int i = 0; i < 4; ++i) {
    int c = __syncthreads_count(in[threadIdx.x + i * 64] > 0);
    keep = c;
  }
  s[0] = keep;
}
