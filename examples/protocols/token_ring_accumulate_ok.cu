// A token passed around a ring of blocks serializes an update of one global accumulator:
// in step s, block 0 waits until the last block has finished step s - 1 (flag[P - 1] >= s),
// every other block b until block b - 1 has finished step s (flag[b - 1] >= s + 1). The holder
// adds to the accumulator, then passes the token on with a release store of s + 1 to its own
// flag (one writer per flag, values that grow: a value >= s + 1 is that block's store of step
// s or a later one). Correct: every update is ordered before the next one by the chain of
// release/acquire pairs around the ring.
// Known imprecision: two blocks that are not neighbours are ordered only through the blocks
// between them, and the race query orders a pair by one edge between its two blocks. The race
// it finds is checked by running its launch (3 blocks, a few steps) thread by thread, which has
// no race: the finding is a possible race (docs/memory-model.md "Chains through other blocks").
// syncproof-args: --cooperative --block 32 --grid 2:64 --param steps=0:100000

__device__ __forceinline__ void pass_token(unsigned* p, unsigned v) {
  asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ unsigned token(const unsigned* p) {
  unsigned v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}

__global__ void ring(const float* in, float* acc, unsigned* flag, int steps) {
  const unsigned b = blockIdx.x, P = gridDim.x;
  for (int s = 0; s < steps; ++s) {
    const unsigned want = b == 0 ? (unsigned)s : (unsigned)s + 1;
    if (threadIdx.x == 0) {
      while (token(&flag[(b + P - 1) % P]) < want) {}
      acc[0] += in[s * P + b];  // expected-unknown {{possible data race on 'acc'}} expected-unknown {{possible data race on 'acc'}}
      pass_token(&flag[b], (unsigned)s + 1);
    }
  }
}
