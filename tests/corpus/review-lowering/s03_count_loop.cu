// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy counts from different loop iterations (5 vs 15) kept by even/odd threads, then stored racing
__global__ void k(int *out) {
  __shared__ int s[4];
  int keep = 0;
  for (int i = 0; i < 2; i++) {
    int c = __syncthreads_count(threadIdx.x < 10 * i + 5);
    if ((int)(threadIdx.x & 1) == i) keep = c;
  }
  s[0] = keep;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
