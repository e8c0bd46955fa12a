// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (s[0] = in[tid]: in is arbitrary input, different elements may differ)
__global__ void k(int *out, const int *in) {
  __shared__ int s[2];
  s[0] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[0];
}
