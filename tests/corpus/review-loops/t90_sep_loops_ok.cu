// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2:8 --param steps=0:100000
// corpus-expect: correct
// CORRECT: producer and consumer in separate loops; consumer iteration r waits flag>=r+1,
// i.e. producer's store of iteration >= r, which follows the write of data[r].
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
    for (int s = 0; s < steps; ++s) { data[s] = (float)s; st_rel(flag, (unsigned)(s + 1)); }
  } else {
    for (int r = 0; r < steps; ++r) { while (ld_acq(flag) < (unsigned)(r + 1)) {} acc += data[r]; }
  }
  out[blockIdx.x] = acc;
}
