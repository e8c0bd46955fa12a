// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (int2 store {0, tid}: .x is the same value but .y differs per thread)
__global__ void k(int *out) {
  __shared__ int2 s[2];
  s[0] = make_int2(0, threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = s[0].y;
}
