// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy 32-bit unsigned (tid<<27)>>27 keeps only 5 bits: threads 0 and 32 both write s[0]
__global__ void k(int *out) {
  __shared__ int s[64];
  unsigned u = threadIdx.x;
  s[(u << 27) >> 27] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
