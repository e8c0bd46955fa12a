// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 4:16 --param steps=0:100000
// corpus-expect: buggy deadlock
// BUGGY: blocks 2c and 2c+1 both store flag[c] = s+1 after writing their own data. The
// reader waits flag[c] >= s+1 (may come from block 2c only) and reads both data of 2c and
// 2c+1: data of 2c+1 may not be written yet: race. (stores precede waits: no deadlock)
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
  int b = blockIdx.x, P = gridDim.x;
  int Q = P / 2;
  float acc = 0.f;
  for (int s = 0; s < steps; ++s) {
    data[s * 16 + b] = (float)s;
    st_rel(&flag[b / 2], (unsigned)(s + 1));
    if (b < 2 * Q) {
      int c = (b / 2 + 1) % Q;
      while (ld_acq(&flag[c]) < (unsigned)(s + 1)) {}
      acc += data[s * 16 + 2 * c] + data[s * 16 + 2 * c + 1];
    }
  }
  out[b] = acc;
}
