// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64 --param n=0:100
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy — counter starts at threadIdx.x&1 and steps 2: even threads exit at an even value, odd threads at an odd one
__global__ void k(int n) {
  __shared__ int s[1];
  int i = threadIdx.x & 1;
  while (i < n) i += 2;
  s[0] = i;
}
