// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): same-value loop barrier instances with the same predicate value every iteration (count 32); even/odd keep different iterations but values equal -> possible (3)
__global__ void k(int *out) {
  __shared__ int s[4];
  int keep = 0;
  for (int i = 0; i < 2; i++) {
    int c = __syncthreads_count(threadIdx.x & 1);
    if ((int)(threadIdx.x & 1) == i) keep = c;
  }
  s[0] = keep;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
