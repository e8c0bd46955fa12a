// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 32 --grid 2:8
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (each block's thread 0 stores s[1] to out[0] in phase 1 (s[1]=1) and again in phase 3 (s[1]=2); across blocks the phase-1 store of 1 and phase-3 store of 2 are unordered)
__global__ void k(int *out) {
  __shared__ int s[2];
  if (threadIdx.x == 0) s[1] = 1;
  __syncthreads();
  if (threadIdx.x == 0) out[0] = s[1];
  __syncthreads();
  if (threadIdx.x == 0) s[1] = 2;
  __syncthreads();
  if (threadIdx.x == 0) out[0] = s[1];
}
