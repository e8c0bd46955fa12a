// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2:64 --param steps=0:100000
// corpus-expect: correct
// CORRECT: like t37 but block b waits B[b+1] >= s (block b+1 finished iteration s-1). Block
// b at s depends on b-1 at s (lower block, same iteration) and b+1 at s-1: no cycle.
// x[b] is only touched by block b.
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
__global__ void k(unsigned* A, unsigned* B, float* x, int steps) {
  int b = blockIdx.x, P = gridDim.x;
  for (int s = 0; s < steps; ++s) {
    if (b > 0) { while (ld_acq(&A[b - 1]) < (unsigned)(s + 1)) {} }
    if (b < P - 1) { while (ld_acq(&B[b + 1]) < (unsigned)s) {} }
    x[b] += 1.0f;
    st_rel(&A[b], (unsigned)(s + 1));
    st_rel(&B[b], (unsigned)(s + 1));
  }
}
