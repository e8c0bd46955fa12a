// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2:64 --param steps=1:50
// corpus-expect: buggy deadlock
// TRUTH: buggy-deadlock for grid >= 5 (steps >= 1). Block 0 needs flag[0] >= s+1 at step s when
// G >= 5, but flag[0] gets s+1 only from block G-1 after step s, which transitively waits on block
// 0's step-s release -> cyclic wait. Grids 2..4 are a correct ring.
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void ring(unsigned* flag, int* data, int steps) {
  unsigned b = blockIdx.x, G = gridDim.x;
  for (int s = 0; s < steps; ++s) {
    unsigned need = (b == 0) ? (G >= 5 ? (unsigned)(s + 1) : (unsigned)s) : (unsigned)(s + 1);
    while (ld_acq(&flag[b]) < need) {}
    data[0] += 1;
    st_rel(&flag[(b + 1) % G], (unsigned)(s + 1));
  }
}
