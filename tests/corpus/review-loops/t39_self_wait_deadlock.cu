// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2:64 --param steps=0:100000
// corpus-expect: buggy deadlock
// BUGGY (deadlock): each block waits for its OWN flag to reach s+1 before storing s+1.
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
__global__ void k(unsigned* flag, float* x, int steps) {
  int b = blockIdx.x;
  for (int s = 0; s < steps; ++s) {
    while (ld_acq(&flag[b]) < (unsigned)(s + 1)) {}
    x[b] += 1.0f;
    st_rel(&flag[b], (unsigned)(s + 1));
  }
}
