// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (atomicAdd returns a distinct ticket to each thread; all threads store their ticket to s[0] unordered)
__global__ void k(int *out, int *cnt) {
  __shared__ int s[2];
  int t = atomicAdd(cnt, 1);
  s[0] = t;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
