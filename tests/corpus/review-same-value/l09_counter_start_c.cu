// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64 --param n=1:100
// corpus-expect: correct
// TRUTH (the reviewer's): correct — starts differ (0 or 1) but step 1 and n>=1, so every thread exits with i == n
__global__ void k(int n) {
  __shared__ int s[1];
  int i = threadIdx.x & 1;
  while (i < n) i += 1;
  s[0] = i;
}
