// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 128 --grid 2:16 --param steps=0:100000
// corpus-expect: buggy race
// BUGGY: producer stores s+1 (u32) into the HIGH half of a 64-bit flag; consumer does a
// 64-bit acquire load and compares with s+1. After iteration 0 the 64-bit value is
// 1<<32 >= any s+1, so at s=1 the consumer proceeds before data[128+t] is written: race.
// (Also mixed-size accesses are not morally strong, so no synchronizes-with at all.)
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
__device__ __forceinline__ unsigned long long ld_acq64(const unsigned long long* p) {
  unsigned long long v;
  asm volatile("ld.acquire.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
__global__ void k(float* data, unsigned long long* flag, float* out, int steps) {
  int b = blockIdx.x, t = threadIdx.x;
  float acc = 0.f;
  for (int s = 0; s < steps; ++s) {
    if (b == 0) {
      data[s * 128 + t] = (float)s;
      __syncthreads();
      if (t == 0) st_rel(((unsigned*)flag) + 1, (unsigned)(s + 1));
    } else {
      if (t == 0) { while (ld_acq64(flag) < (unsigned long long)(s + 1)) {} }
      __syncthreads();
      acc += data[s * 128 + t];
    }
  }
  out[b * 128 + t] = acc;
}
