// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2:8
// corpus-expect: correct
// TRUTH: correct. Producer (block 0): rel f=1; rel f=2; rel g=1; w=5. Consumer (block 1): wait g>=1
// (acquire); v = first f != 0; if (v == 1) w = 7. Since st f=2 happens before the consumer's loads
// of f (release g -> acquire g), coherence (PTX 8.10.2, causality-order/coherence axiom: a read
// cannot read a write that precedes in coherence order a write that happens before the read) forces
// v == 2. The racy branch is dead; every other access is ordered. Blocks >= 2 idle.
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* f, unsigned* g, int* w) {
  if (blockIdx.x == 0) { st_rel(f, 1); st_rel(f, 2); st_rel(g, 1); w[0] = 5; }
  else if (blockIdx.x == 1) {
    while (ld_acq(g) < 1) {}
    unsigned v;
    while ((v = ld_acq(f)) == 0) {}
    if (v == 1) w[0] = 7;
  }
}
