// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (__reduce_add_sync(full, tid) is uniform per warp but differs across the 4 warps: 496, 1520, ...)
__global__ void k(unsigned *out) {
  __shared__ unsigned s[2];
  unsigned r = __reduce_add_sync(0xffffffffu, threadIdx.x);
  s[0] = r;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
