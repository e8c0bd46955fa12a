// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (thread 0 atomicExch stores 1, thread 1 plain-stores 2 to the same word: a morally-weak plain store races the atomic, values differ)
__global__ void k(int *out) {
  __shared__ int s[2];
  if (threadIdx.x == 0) atomicExch(&s[0], 1);
  if (threadIdx.x == 1) s[0] = 2;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
