// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2:8 --param steps=0:100000
// corpus-expect: buggy deadlock
// BUGGY: each block b writes data[s*8+b], stores flag[b]=s+1 only when (s+b) is even; block b
// waits flag[b-1] >= s+1 only when (s+b) is even and reads data[s*8+b-1] then. For block
// b-1, (s+b-1) is odd at those s, so it did not store in iteration s; the value s+1 is
// not reached until its iteration s+1 store (value s+2) -> no race; BUT at the last
// iteration s = steps-1 there is no later store: deadlock when steps-1+b is even.
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
__global__ void k(float* data, unsigned* flag, float* out, int steps) {
  int b = blockIdx.x;
  float acc = 0.f;
  for (int s = 0; s < steps; ++s) {
    data[s * 8 + b] = (float)s;
    if ((s + b) % 2 == 0) st_rel(&flag[b], (unsigned)(s + 1));
    if (b > 0 && (s + b) % 2 == 0) {
      while (ld_acq(&flag[b - 1]) < (unsigned)(s + 1)) {}
      acc += data[s * 8 + b - 1];
    }
  }
  out[b] = acc;
}
