// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64 --param n=0:100
// corpus-expect: correct
// TRUTH (the reviewer's): correct — loop counter at exit depends only on parameter n
__global__ void k(int n) {
  __shared__ int s[1];
  int i = 0;
  while (i < n) i += 3;
  s[0] = i;
}
