// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64 --param n=0:100
// corpus-expect: correct
// TRUTH (the reviewer's): correct — all threads load in[n] (n is a parameter)
__global__ void k(const int * __restrict__ in, int n) {
  __shared__ int s[1];
  s[0] = in[n];
}
