// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2 --param steps=0:100000
// corpus-expect: buggy race
// BUGGY: ping-pong where block 1 waits flag[0] >= s (block 0 finished only iteration s-1):
// block 1's critical section of iteration s can run concurrently with block 0's of
// iteration s (both plain *total += 1): data race.
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
      while (ld_acq(&flag[0]) < (unsigned)s) {}
    }
    *total += 1;
    st_rel(&flag[b], (unsigned)(s + 1));
  }
}
