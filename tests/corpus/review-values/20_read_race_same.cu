// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (thread 1 reads s[0] unordered with thread 0's store of 5 -> observes old value 3 or 5)
__global__ void k(int *out) {
  __shared__ int s[2];
  if (threadIdx.x == 0) s[0] = 3;
  __syncthreads();
  if (threadIdx.x == 0) s[0] = 5;
  if (threadIdx.x == 1) s[0] = 5;
  if (threadIdx.x == 2) out[0] = s[0];
}
