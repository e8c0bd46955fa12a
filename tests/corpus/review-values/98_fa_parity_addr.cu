// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): correct (benign same-value race: threads writing the same address s[tid&1] all store the same value tid&1)
__global__ void k(int *out) {
  __shared__ int s[2];
  s[threadIdx.x & 1] = threadIdx.x & 1;
  __syncthreads();
  out[threadIdx.x] = s[0] + s[1];
}
