// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): correct (benign same-value race: odd threads store 1 via one statement, even threads store 2-1 via another)
__global__ void k(int *out) {
  __shared__ int s[2];
  if (threadIdx.x & 1) s[0] = 1; else s[0] = 2 - 1;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
