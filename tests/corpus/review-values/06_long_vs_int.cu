// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (thread0 stores int64 1 at bytes 0..7 -> bytes 4..7 = 0; thread1 stores int32 1 at bytes 4..7 -> bytes 4..7 = 1; numerically same value "1" but different bytes)
__global__ void k(int *out) {
  __shared__ long long s[2];
  if (threadIdx.x == 0) s[0] = 1;
  if (threadIdx.x == 1) ((int *)s)[1] = 1;
  __syncthreads();
  out[threadIdx.x] = ((int *)s)[1];
}
