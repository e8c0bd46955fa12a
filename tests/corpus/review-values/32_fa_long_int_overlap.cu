// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): correct (benign same-value race: int64 1 at bytes 0..7 and int32 1 at bytes 0..3 write identical bytes 01 00 00 00 on the overlap)
__global__ void k(int *out) {
  __shared__ long long s[2];
  if (threadIdx.x == 0) s[0] = 1;
  if (threadIdx.x == 1) ((int *)s)[0] = 1;
  __syncthreads();
  out[threadIdx.x] = ((int *)s)[0];
}
