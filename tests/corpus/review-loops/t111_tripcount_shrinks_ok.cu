// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2:16 --param steps=16:100000
// corpus-expect: correct
// CORRECT: block b runs steps-b iterations (>0 since steps>=16 > b); each wait on block b-1
// targets an iteration block b-1 performs (b-1 runs one more).
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
  for (int s = 0; s < steps - b; ++s) {
    if (b > 0) {
      while (ld_acq(&flag[b - 1]) < (unsigned)(s + 1)) {}
      acc += data[s * 16 + b - 1];
    }
    data[s * 16 + b] = acc;
    st_rel(&flag[b], (unsigned)(s + 1));
  }
  out[b] = acc;
}
