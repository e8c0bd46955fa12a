// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --block 1 --grid 2:100000 --param steps=1:100000
// corpus-expect: buggy deadlock
// BUGGY (deadlock without co-residency): NOT cooperative. Block b waits flag[b+1] >= s+1.
// With 100000 blocks not all are resident; if the resident low blocks spin waiting for
// high blocks that are never scheduled, the kernel hangs. No forward-progress guarantee.
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
__global__ void k(unsigned* flag, float* x, int steps) {
  int b = blockIdx.x, P = gridDim.x;
  for (int s = 0; s < steps; ++s) {
    if (b < P - 1) { while (ld_acq(&flag[b + 1]) < (unsigned)(s + 1)) {} }
    x[b] += 1.0f;
    st_rel(&flag[b], (unsigned)(s + 1));
  }
}
