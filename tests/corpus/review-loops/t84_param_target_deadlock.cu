// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2:16 --param steps=1:100000 --param kk=0:2
// corpus-expect: buggy deadlock
// BUGGY (deadlock when kk=2): block b waits flag[b-1] >= s+kk. For kk=2 the last iteration
// s=steps-1 waits for value steps+1, but block b-1 stores at most steps.
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
__global__ void k(float* data, unsigned* flag, float* out, int steps, int kk) {
  int b = blockIdx.x;
  float acc = 0.f;
  for (int s = 0; s < steps; ++s) {
    if (b > 0) {
      while (ld_acq(&flag[b - 1]) < (unsigned)(s + kk)) {}
      acc += 1.0f;
    }
    st_rel(&flag[b], (unsigned)(s + 1));
  }
  out[b] = acc;
}
