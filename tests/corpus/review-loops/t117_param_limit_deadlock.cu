// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2 --param steps=0:100000 --param lim=0:100000
// corpus-expect: buggy deadlock
// BUGGY (deadlock when lim < steps): producer stores flag=s+1 only while s < lim; consumer
// at s = lim waits flag >= lim+1 which is never stored.
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
__global__ void k(float* data, unsigned* flag, float* out, int steps, int lim) {
  float acc = 0.f;
  for (int s = 0; s < steps; ++s) {
    if (blockIdx.x == 0) {
      data[s] = (float)s;
      if (s < lim) st_rel(flag, (unsigned)(s + 1));
    } else {
      while (ld_acq(flag) < (unsigned)(s + 1)) {}
      acc += data[s];
    }
  }
  out[blockIdx.x] = acc;
}
