// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2 --param steps=0:100000
// corpus-expect: correct
// CORRECT (minimal form of t21): block 0 writes data[s] every iteration and release-stores
// flag = s+1 on even iterations and on the last one. Block 1 at iteration s waits flag >=
// s+1: satisfied by the store of iteration s (even s) or s+1 / steps-1 (odd s), each after
// the write of data[s] in block 0's program order. Max stored value = steps >= every target.
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) {
  asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory");
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
      if (s % 2 == 0 || s == steps - 1) st_rel(flag, (unsigned)(s + 1));
    } else {
      while (ld_acq(flag) < (unsigned)(s + 1)) {}
      acc += data[s];
    }
  }
  out[blockIdx.x] = acc;
}
