// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 3:16 --param steps=0:100000
// corpus-expect: buggy deadlock
// BUGGY: helper decrements the value parameter (v -= 1): block b stores s (not s+1), so
// block b+1 waiting flag[b] >= s+1 at iteration s sees only the store of iteration s+1;
// fine for races but the last iteration waits for steps, never stored: deadlock.
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
__device__ __forceinline__ void sig(unsigned* f, int i, unsigned v) { v -= 1; st_rel(&f[i], v); }
__global__ void k(float* data, unsigned* flag, float* out, int steps) {
  int b = blockIdx.x;
  float acc = 0.f;
  for (int s = 0; s < steps; ++s) {
    if (b > 0) {
      while (ld_acq(&flag[b - 1]) < (unsigned)(s + 1)) {}
      acc += data[s * 16 + b - 1];
    }
    data[s * 16 + b] = acc + 1.0f;
    sig(flag, b, (unsigned)(s + 1));
  }
  out[b] = acc;
}
