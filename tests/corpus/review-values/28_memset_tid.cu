// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (memset of s[0] with byte value tid by every thread: different values)
__global__ void k(int *out) {
  __shared__ int s[2];
  memset(s, (int)threadIdx.x, 4);
  __syncthreads();
  out[threadIdx.x] = s[0];
}
