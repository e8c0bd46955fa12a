// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2:64 --param steps=0:100000
// corpus-expect: correct
// CORRECT: token ring. Block 0 at iteration s waits flag[P-1] >= s (block P-1 finished
// iteration s-1; for s=0 trivially true); block b>0 waits flag[b-1] >= s+1. Critical
// sections (plain *total += 1) are totally ordered by release/acquire chains. Terminates.
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
__global__ void k(unsigned* flag, int* total, int steps) {
  int b = blockIdx.x, P = gridDim.x;
  for (int s = 0; s < steps; ++s) {
    unsigned target = (b == 0) ? (unsigned)s : (unsigned)(s + 1);
    while (ld_acq(&flag[(b + P - 1) % P]) < target) {}
    *total += 1;
    st_rel(&flag[b], (unsigned)(s + 1));
  }
}
