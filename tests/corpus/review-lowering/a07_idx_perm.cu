// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): correct s[tid] = 63 - tid is a permutation; out[s[tid]] never collides -> proved
__global__ void k(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = 63 - threadIdx.x;
  __syncthreads();
  out[s[threadIdx.x]] = threadIdx.x;
}
