// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy helper returns the first slot >= t/8 from a loop; threads 0..7 all get s[0]
__device__ float& find(float* s, int t) {
  for (int i = 0; i < 8; i++) if (i >= t / 8) return s[i];
  return s[7];
}
__global__ void k(float *out) {
  __shared__ float s[8];
  find(s, threadIdx.x) = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
