// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 128 --grid 2:16 --param steps=0:2147483647
// corpus-expect: buggy deadlock
// BUGGY: data slots are reused modulo 1024 ((s & 1023)) while the producer never waits for
// the consumers: at iteration s+1024 block 0 overwrites the slot a slow consumer may still be
// reading for iteration s: write/read race. (The value 2s+2 itself does not wrap for
// steps <= 2^31-1, so this test does not exercise wrap-around; see t23.)
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
      data[(s & 1023) * 128 + t] = (float)s;
      __syncthreads();
      if (t == 0) st_rel(flag, 2u * (unsigned)s + 2u);
    } else {
      if (t == 0) { while (ld_acq(flag) < 2u * (unsigned)s + 2u) {} }
      __syncthreads();
      acc += data[(s & 1023) * 128 + t];
    }
  }
  out[b * 128 + t] = acc;
}
