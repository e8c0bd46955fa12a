// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 64 --grid 2 --param steps=1:100000
// corpus-expect: correct
// CORRECT (terminates): thread 32 stores X[b]=s+1 BEFORE waiting Y[1-b] >= s+1; thread 0 waits
// X[1-b] >= s+1 (other block's t32 store of iteration s, which depends only on its wait of
// iteration s-1) then stores Y[b]. Induction on s: all waits of iteration s complete.
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
__global__ void k(unsigned* X, unsigned* Y, float* out, int steps) {
  int b = blockIdx.x, t = threadIdx.x;
  for (int s = 0; s < steps; ++s) {
    if (t == 0) {
      while (ld_acq(&X[1 - b]) < (unsigned)(s + 1)) {}
      st_rel(&Y[b], (unsigned)(s + 1));
    } else if (t == 32) {
      st_rel(&X[b], (unsigned)(s + 1));
      while (ld_acq(&Y[1 - b]) < (unsigned)(s + 1)) {}
    }
  }
  out[b * 64 + t] = 1.0f;
}
