// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (inside the divergent branch __activemask() is 0x0000FFFF in warp 0 (tid<16 active) and 0xFFFFFFFF in warps 1..3 (all tid>=32 take the branch... ) -> different values)
__global__ void k(unsigned *out) {
  __shared__ unsigned s[2];
  if (threadIdx.x < 16 || threadIdx.x >= 32) {
    s[0] = __activemask();
  }
  __syncthreads();
  out[threadIdx.x] = s[0];
}
