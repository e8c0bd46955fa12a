// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 3 --param n=0:100
// corpus-expect: correct
// TRUTH: correct. As k74 but producers write x[s-1] BEFORE releasing a=s. Consumer at step s exits
// having read a>=s and b>=s; whichever release it read (value s' >= s) covers x[s-1] (written before
// release s <= s' in program order). Counters only grow -> no deadlock.
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* a, unsigned* b, int* x, int* y, int* out, int n) {
  if (blockIdx.x == 1) { for (int s = 1; s <= n; ++s) { x[s - 1] = s; st_rel(a, (unsigned)s); } }
  else if (blockIdx.x == 2) { for (int s = 1; s <= n; ++s) { y[s - 1] = s; st_rel(b, (unsigned)s); } }
  else {
    for (int s = 1; s <= n; ++s) {
      while (ld_acq(a) < (unsigned)s || ld_acq(b) < (unsigned)s) {}
      out[s - 1] = x[s - 1] + y[s - 1];
    }
  }
}
