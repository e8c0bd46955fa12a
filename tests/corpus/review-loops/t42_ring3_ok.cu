// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 3 --param steps=0:100000
// corpus-expect: correct
// CORRECT: 3-block token ring (fixed grid 3). Block 0 at s waits flag[2] >= s, blocks 1,2 wait
// flag[b-1] >= s+1. Critical sections ordered 0,1,2,0,1,2,... by release/acquire chains;
// happens-before is transitive (PTX causality order), so all *total updates are ordered.
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) {
  asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) {
  unsigned v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__global__ void k(unsigned* flag, int* total, int steps) {
  int b = blockIdx.x;
  for (int s = 0; s < steps; ++s) {
    if (b == 0) {
      while (ld_acq(&flag[2]) < (unsigned)s) {}
    } else {
      while (ld_acq(&flag[b - 1]) < (unsigned)(s + 1)) {}
    }
    *total += 1;
    st_rel(&flag[b], (unsigned)(s + 1));
  }
}
