// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2:8 --param steps=0:100000
// corpus-expect: buggy race
// BUGGY: producer loop steps by 2 (s = 0,2,4,...) writing data[s] and data[s+1] AFTER the
// store flag = s+2... order: stores s+2 first then writes data[s], data[s+1]: consumer
// waiting flag >= r+1 may read before the writes: race (release precedes the writes).
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
  float acc = 0.f;
  if (blockIdx.x == 0) {
    for (int s = 0; s < steps; s += 2) { st_rel(flag, (unsigned)(s + 2)); data[s] = (float)s; data[s + 1] = (float)s; }
  } else {
    for (int r = 0; r < steps; ++r) { while (ld_acq(flag) < (unsigned)(r + 1)) {} acc += data[r]; }
  }
  out[blockIdx.x] = acc;
}
