// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): same-value int 0xFFFF vs short -1 at halfword 0: overlapping bytes both FF FF -> possible (3)
__global__ void k(int *out) {
  __shared__ int s[4];
  if (threadIdx.x == 0) s[0] = 0xFFFF;
  if (threadIdx.x == 1) ((short*)s)[0] = -1;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
