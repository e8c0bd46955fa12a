// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 128 --grid 2:16 --param steps=0:100000
// corpus-expect: correct
// CORRECT: two-slot mailbox chain from the brief. Block b>0 waits full[b-1] >= s+1,
// reads slot s&1 of mailbox[b-1], publishes empty[b-1]=s+1. Block b<P-1 waits
// empty[b] >= s-1 (for s>=2): consumer has read step s-2 which used the same slot,
// writes slot s&1 of mailbox[b], publishes full[b]=s+1.
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) {
  asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) {
  unsigned v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__global__ void k(float* mbox, unsigned* full, unsigned* empty, float* out, int steps) {
  int b = blockIdx.x, t = threadIdx.x, P = gridDim.x;
  float acc = 0.f;
  for (int s = 0; s < steps; ++s) {
    if (b > 0) {
      if (t == 0) { while (ld_acq(&full[b - 1]) < (unsigned)(s + 1)) {} }
      __syncthreads();
      acc += mbox[((b - 1) * 2 + (s & 1)) * 128 + t];
      __syncthreads();
      if (t == 0) st_rel(&empty[b - 1], s + 1);
    }
    if (b < P - 1) {
      if (t == 0 && s >= 2) { while (ld_acq(&empty[b]) < (unsigned)(s - 1)) {} }
      __syncthreads();
      mbox[(b * 2 + (s & 1)) * 128 + t] = acc + s;
      __syncthreads();
      if (t == 0) st_rel(&full[b], s + 1);
    }
  }
  out[b * 128 + t] = acc;
}
