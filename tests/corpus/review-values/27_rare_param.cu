// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1 --param n=0:4096
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (when n == 4096 threads store tid -> different values; contract allows n=4096)
__global__ void k(int *out, int n) {
  __shared__ int s[2];
  s[0] = (n == 4096) ? (int)threadIdx.x : 0;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
