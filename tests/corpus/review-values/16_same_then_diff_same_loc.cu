// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (thread A's first store s[0]=0 races thread B's second store s[0]=tid; different values; only the pair of first stores is same-value)
__global__ void k(int *out) {
  __shared__ int s[2];
  s[0] = 0;
  s[0] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
