// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2 --param steps=0:1000 --param M=1:8
// corpus-expect: correct
// CORRECT: same inner-loop store, but the consumer reads only data[s*8+0], written before
// the first store of value s+1. Values are non-decreasing (s+1 repeated M times, then s+2):
// value >= s+1 implies some store of outer iteration >= s happened, each after data[s*8].
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) {
  asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) {
  asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) {
  unsigned v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__global__ void k(float* data, unsigned* flag, float* out, int steps, int M) {
  float acc = 0.f;
  for (int s = 0; s < steps; ++s) {
    if (blockIdx.x == 0) {
      for (int j = 0; j < M; ++j) {
        data[s * 8 + j] = (float)(s + j);
        st_rel(flag, (unsigned)(s + 1));
      }
    } else {
      while (ld_acq(flag) < (unsigned)(s + 1)) {}
      acc += data[s * 8];
    }
  }
  out[blockIdx.x] = acc;
}
