// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 128 --grid 2:16 --param steps=0:100000
// corpus-expect: buggy deadlock
// BUGGY (deadlock): flag stored only on even iterations (value s+1). If steps is even, the
// consumer's last iteration s=steps-1 waits flag >= steps, but the largest value ever
// stored is steps-1 (iteration steps-2): spins forever.
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
      data[s * 128 + t] = (float)s;
      __syncthreads();
      if (t == 0 && s % 2 == 0) st_rel(flag, (unsigned)(s + 1));
    } else {
      if (t == 0) { while (ld_acq(flag) < (unsigned)(s + 1)) {} }
      __syncthreads();
      acc += data[s * 128 + t];
    }
  }
  out[b * 128 + t] = acc;
}
