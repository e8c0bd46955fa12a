// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 64 --grid 1:8 --param steps=1:100000
// corpus-expect: buggy deadlock
// BUGGY (deadlock): thread 0 waits flag[b] >= s+1 before the barrier; the only store to
// flag[b] is by thread 1 of the same block AFTER the barrier, which thread 1 cannot pass
// until thread 0 arrives.
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
__global__ void k(float* data, unsigned* flag, int steps) {
  int b = blockIdx.x, t = threadIdx.x;
  for (int s = 0; s < steps; ++s) {
    if (t == 0) { while (ld_acq(&flag[b]) < (unsigned)(s + 1)) {} }
    __syncthreads();
    if (t == 1) st_rel(&flag[b], (unsigned)(s + 1));
  }
}
