// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): buggy race if a and b alias (host passes the same buffer twice): thread 0 stores 1, thread 1 stores 2 to the same int
__global__ void k(int *a, int *b) {
  if (threadIdx.x == 0) a[0] = 1;
  if (threadIdx.x == 1) b[0] = 2;
}
