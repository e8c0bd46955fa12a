// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (loc is per-thread local memory holding tid; all threads store loc[0] to s[0] -> different values)
__global__ void k(int *out, int j) {
  __shared__ int s[2];
  int loc[4];
  for (int i = 0; i < 4; i++) loc[i] = threadIdx.x + i;
  s[0] = loc[j & 3];
  __syncthreads();
  out[threadIdx.x] = s[0];
}
