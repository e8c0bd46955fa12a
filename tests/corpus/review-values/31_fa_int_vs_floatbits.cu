// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): correct (benign same-value race: int 1 and float __int_as_float(1) have identical bit patterns)
__global__ void k(int *out) {
  __shared__ int s[2];
  if (threadIdx.x == 0) s[0] = 1;
  if (threadIdx.x == 1) ((float *)s)[0] = __int_as_float(1);
  __syncthreads();
  out[threadIdx.x] = s[0];
}
