// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2 --param steps=0:100000
// corpus-expect: correct
// CORRECT: ping-pong between two single-thread blocks. Block 0 at iteration s waits
// flag[1] >= s (block 1 finished iteration s-1; trivially true at s=0), block 1 waits
// flag[0] >= s+1 (block 0 finished iteration s). The plain *total += 1 sections alternate
// 0,1,0,1,... each ordered after the previous by a release store / acquire load pair;
// happens-before is transitive, so every pair of critical sections is ordered.
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
      while (ld_acq(&flag[1]) < (unsigned)s) {}
    } else {
      while (ld_acq(&flag[0]) < (unsigned)(s + 1)) {}
    }
    *total += 1;
    st_rel(&flag[b], (unsigned)(s + 1));
  }
}
