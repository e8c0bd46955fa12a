// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 3:16 --param steps=0:100000
// corpus-expect: buggy race
// BUGGY: block b stores flag[b] = s+1+b; block b+1 waits flag[b] >= s+1 (ignores the +b
// offset). For b>=1 that is satisfied by block b's store of iteration s-b, so block b+1
// reads data of iteration s from block b before it is written: race.
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
  float acc = 0.f;
  for (int s = 0; s < steps; ++s) {
    data[s * 16 + b] = (float)s;
    st_rel(&flag[b], (unsigned)(s + 1 + b));
    if (b > 0) {
      while (ld_acq(&flag[b - 1]) < (unsigned)(s + 1)) {}
      acc += data[s * 16 + b - 1];
    }
  }
  out[b] = acc;
}
