// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (thread0 stores int 1 into bytes 0..3 => byte1 = 0; thread1 stores byte 1 into byte 1; byte 1 ends 0 or 1)
__global__ void k(int *out) {
  __shared__ int s[2];
  if (threadIdx.x == 0) s[0] = 1;
  if (threadIdx.x == 1) ((unsigned char *)s)[1] = 1;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
