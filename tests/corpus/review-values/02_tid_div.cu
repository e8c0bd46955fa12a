// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1:64
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (s[0] = threadIdx.x/64: threads 0 and 64 store 0 vs 1, observable)
__global__ void k(int *out) {
  __shared__ int s[4];
  s[0] = threadIdx.x / 64;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[0];
}
