// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64 --param n=0:100 --param m=0:8
// corpus-expect: correct
// TRUTH (the reviewer's): correct — sum of n+i for i<m depends only on parameters
__global__ void k(int n, int m) {
  __shared__ int s[1];
  int sum = 0;
  for (int i = 0; i < m; ++i) sum += n + i;
  s[0] = sum;
}
