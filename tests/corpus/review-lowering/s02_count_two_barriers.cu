// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy two barrier instances give 10 and 20; odd threads store one, even the other -> different
__global__ void k(int *out) {
  __shared__ int s[4];
  int c0 = __syncthreads_count(threadIdx.x < 10);
  int c1 = __syncthreads_count(threadIdx.x < 20);
  s[0] = (threadIdx.x & 1) ? c0 : c1;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
