// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy — keep = i when (tid&1) == (i&1): even threads end with 2, odd threads with 3
__global__ void k(int *out) {
  __shared__ int s[1];
  int keep = -1;
  for (int i = 0; i < 4; ++i) {
    __syncthreads();
    if ((threadIdx.x & 1) == (i & 1)) keep = i;
  }
  s[0] = keep;
}
