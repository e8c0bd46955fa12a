// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (ballot of threadIdx.x<16 is 0xFFFF in warp 0 and 0 in warps 1..3; all threads store it to s[0])
__global__ void k(int *out) {
  __shared__ unsigned s[2];
  unsigned b = __ballot_sync(0xffffffffu, threadIdx.x < 16);
  s[0] = b;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
