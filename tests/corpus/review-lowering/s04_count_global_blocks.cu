// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 2:4
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy each block's count differs (count of tid < blockIdx.x); all blocks store it to out[0] -> different values across blocks
__global__ void k(int *out) {
  int c = __syncthreads_count(threadIdx.x < blockIdx.x);
  out[0] = c;
}
