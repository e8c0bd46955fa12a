// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2:64 --param steps=0:100000
// corpus-expect: correct
// CORRECT: 2-slot mailbox chain (1 thread per block). Slot s&1 of mailbox b is rewritten at
// iteration s only after consumer b+1 published empty[b] >= s-1, i.e. finished reading
// iteration s-2 (same slot). Consumer reads after acquire of full[b-1] >= s+1 (release
// store after the write). No cycle: producer b at s waits consumer b+1 at s-2, which only
// needs producer b at s-2.
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
  int b = blockIdx.x, P = gridDim.x;
  float acc = 0.f;
  for (int s = 0; s < steps; ++s) {
    if (b > 0) {
      while (ld_acq(&full[b - 1]) < (unsigned)(s + 1)) {}
      acc += mbox[(b - 1) * 2 + (s & 1)];
      st_rel(&empty[b - 1], (unsigned)(s + 1));
    }
    if (b < P - 1) {
      if (s >= 2) { while (ld_acq(&empty[b]) < (unsigned)(s - 1)) {} }
      mbox[b * 2 + (s & 1)] = acc + (float)s;
      st_rel(&full[b], (unsigned)(s + 1));
    }
  }
  out[b] = acc;
}
