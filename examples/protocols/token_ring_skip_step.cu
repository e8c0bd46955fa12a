// The token ring of token_ring_accumulate_ok.cu, with the wait one step short: block b > 0
// waits only until block b - 1 has finished step s - 1 (flag[b - 1] >= s), so in step s it
// adds to the accumulator while block b - 1 may still be adding in the same step.
// The race query finds the pair unordered; running its launch thread by thread shows the
// same race, so it is reported as definite.
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
    const unsigned want = (unsigned)s;
    if (threadIdx.x == 0) {
      while (token(&flag[(b + P - 1) % P]) < want) {}
      acc[0] += in[s * P + b];  // expected-race {{data race on 'acc'}} expected-race {{data race on 'acc'}}
      pass_token(&flag[b], (unsigned)s + 1);
    }
  }
}
