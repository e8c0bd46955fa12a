// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (thread0 stores float 1.0f = 0x3f800000, thread1 stores int 1 to the same word; different bit patterns)
__global__ void k(int *out) {
  __shared__ int s[2];
  if (threadIdx.x == 0) ((float *)s)[0] = 1.0f;
  if (threadIdx.x == 1) s[0] = 1;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
