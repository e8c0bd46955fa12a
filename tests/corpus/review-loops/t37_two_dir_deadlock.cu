// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2:64 --param steps=0:100000
// corpus-expect: buggy deadlock
// BUGGY (deadlock): block b waits A[b-1] >= s+1 and then B[b+1] >= s+1, and only then
// stores A[b] and B[b]. Block 0 waits B[1] (block 1's store of iteration s) while block 1
// waits A[0] (block 0's store of iteration s, after its own wait): cycle at s=0.
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
    if (b < P - 1) { while (ld_acq(&B[b + 1]) < (unsigned)(s + 1)) {} }
    x[b] += 1.0f;
    st_rel(&A[b], (unsigned)(s + 1));
    st_rel(&B[b], (unsigned)(s + 1));
  }
}
