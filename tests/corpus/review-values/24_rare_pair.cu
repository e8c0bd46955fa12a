// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (thread 77 stores 1, all others store 0 to s[0])
__global__ void k(int *out) {
  __shared__ int s[2];
  s[0] = (threadIdx.x == 77) ? 1 : 0;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
