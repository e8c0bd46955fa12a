// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2 --param steps=0:1000 --param M=1:8
// corpus-expect: buggy race
// BUGGY: the store of value s+1 is inside an inner loop over j and happens first right after
// data[s*8+0] is written. The consumer waiting flag >= s+1 may observe that first store and
// read data[s*8+M-1] before it is written (M>=2): race.
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
      acc += data[s * 8 + M - 1];
    }
  }
  out[blockIdx.x] = acc;
}
