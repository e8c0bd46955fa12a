// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy int 0xFFFF has bytes FF FF 00 00; short -1 at halfword 1 writes FF FF over bytes 2,3 -> different
__global__ void k(int *out) {
  __shared__ int s[4];
  if (threadIdx.x == 0) s[0] = 0xFFFF;
  if (threadIdx.x == 1) ((short*)s)[1] = -1;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
