// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2:8
// corpus-expect: buggy deadlock
// TRUTH: buggy-deadlock in EVERY execution. Producer: rel f=1; rel f=2; rel g=1. Consumer: wait g>=1;
// then while (f != 1) {}. The store f=2 happens before every consumer load of f (release/acquire on
// g), so by coherence no such load can return 1 (f=1 precedes f=2 in coherence order): spins forever.
// A run that lets the wait pass at the FIRST store satisfying the condition (f=1) misses it.
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* f, unsigned* g, int* out) {
  if (blockIdx.x == 0) { st_rel(f, 1); st_rel(f, 2); st_rel(g, 1); }
  else if (blockIdx.x == 1) {
    while (ld_acq(g) < 1) {}
    while (ld_acq(f) != 1) {}
    out[0] = 1;
  }
}
