// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2 --param steps=0:100000
// corpus-expect: buggy deadlock
// BUGGY (deadlock): flag = s+1 stored only on even s; consumer at even s waits flag >= s+2,
// i.e. a store of an even iteration >= s+1 (so >= s+2). For the last even s (s+2 >= steps)
// no such store exists: spins forever (any steps >= 1).
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
  for (int s = 0; s < steps; ++s) {
    if (blockIdx.x == 0) {
      data[s] = (float)s;
      if (s % 2 == 0) st_rel(flag, (unsigned)(s + 1));
    } else {
      if (s % 2 == 0) { while (ld_acq(flag) < (unsigned)(s + 2)) {} acc += data[s + 1]; }
    }
  }
  out[blockIdx.x] = acc;
}
