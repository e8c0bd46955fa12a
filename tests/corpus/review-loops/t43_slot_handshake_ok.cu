// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 128 --grid 2 --param steps=0:100000
// corpus-expect: correct
// CORRECT: single-slot handshake. Producer (block 0) thread 0 waits ack >= s (consumer done
// reading iteration s-1), barrier, all threads write slot, barrier, thread 0 release-stores
// full=s+1. Consumer thread 0 waits full >= s+1, barrier, all read, barrier (all reads done,
// cumulative), thread 0 release-stores ack=s+1.
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
__global__ void k(float* slot, unsigned* full, unsigned* ack, float* out, int steps) {
  int b = blockIdx.x, t = threadIdx.x;
  float acc = 0.f;
  for (int s = 0; s < steps; ++s) {
    if (b == 0) {
      if (t == 0) { while (ld_acq(ack) < (unsigned)s) {} }
      __syncthreads();
      slot[t] = (float)s;
      __syncthreads();
      if (t == 0) st_rel(full, (unsigned)(s + 1));
    } else {
      if (t == 0) { while (ld_acq(full) < (unsigned)(s + 1)) {} }
      __syncthreads();
      acc += slot[(t + 1) % 128];
      __syncthreads();
      if (t == 0) st_rel(ack, (unsigned)(s + 1));
    }
  }
  out[b * 128 + t] = acc;
}
