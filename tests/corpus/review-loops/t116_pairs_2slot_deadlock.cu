// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 128 --grid 2:16 --param steps=0:100000
// corpus-expect: buggy deadlock
// BUGGY (deadlock): producer waits empty[p] >= s+1 (consumer finished iteration s) before
// producing iteration s, which the consumer needs first: cycle at s=0.
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
__global__ void k(float* mbox, unsigned* full, unsigned* empty, float* out, int steps) {
  int b = blockIdx.x, t = threadIdx.x, P = gridDim.x;
  int pair = b / 2;
  float acc = 0.f;
  for (int s = 0; s < steps; ++s) {
    if (b % 2 == 0) {
      if (t == 0) { if (b + 1 < P) { while (ld_acq(&empty[pair]) < (unsigned)(s + 1)) {} } }
      __syncthreads();
      if (b + 1 < P) mbox[(pair * 2 + (s & 1)) * 128 + t] = (float)(s + t);
      __syncthreads();
      if (t == 0) st_rel(&full[pair], (unsigned)(s + 1));
    } else {
      if (t == 0) { while (ld_acq(&full[pair]) < (unsigned)(s + 1)) {} }
      __syncthreads();
      acc += mbox[(pair * 2 + (s & 1)) * 128 + (t + 1) % 128];
      __syncthreads();
      if (t == 0) st_rel(&empty[pair], (unsigned)(s + 1));
    }
  }
  out[b * 128 + t] = acc;
}
