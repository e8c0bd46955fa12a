// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 128 --grid 2:16 --param steps=0:2147483647
// corpus-expect: buggy race
// BUGGY: value 4s+4 (unsigned) wraps to 0 at s = 2^30-1 (4*2^30 = 2^32). The consumer at
// that iteration waits flag >= 0, trivially true, and reads data[s*128+t] before block 0
// writes it: race (steps >= 2^30). 64-bit index avoids int overflow of s*128.
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
  int b = blockIdx.x, t = threadIdx.x;
  float acc = 0.f;
  for (int s = 0; s < steps; ++s) {
    if (b == 0) {
      data[(long long)s * 128 + t] = (float)s;
      __syncthreads();
      if (t == 0) st_rel(flag, 4u * (unsigned)s + 4u);
    } else {
      if (t == 0) { while (ld_acq(flag) < 4u * (unsigned)s + 4u) {} }
      __syncthreads();
      acc += data[(long long)s * 128 + t];
    }
  }
  out[b * 128 + t] = acc;
}
