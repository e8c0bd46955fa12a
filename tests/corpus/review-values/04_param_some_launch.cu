// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1:64 --param n=0:4096
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (for n>=1 threads store n*tid, differing values; only same value when n==0)
__global__ void k(int *out, int n) {
  __shared__ int s[4];
  s[0] = n * threadIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[0];
}
