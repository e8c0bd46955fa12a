// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (t[] is uninitialized shared memory, t[tid] holds arbitrary, possibly different values per thread; all store to s[0])
__global__ void k(int *out) {
  __shared__ int s[2];
  __shared__ int t[128];
  s[0] = t[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[0];
}
