// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (thread A's store in iteration i=0 races thread B's store in iteration i=1; values 0 vs 1)
__global__ void k(int *out) {
  __shared__ int s[2];
  for (int i = 0; i < 2; i++) s[0] = i;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
