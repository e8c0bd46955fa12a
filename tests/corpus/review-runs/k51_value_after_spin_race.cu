// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2:8
// corpus-expect: buggy race
// TRUTH: buggy-race. Producer (block 0): data=1; rel f=1; rel f=2; y=9. Consumer (block 1):
// v = first f != 0; if (v == 2) out = y. If the consumer's exit load reads 2 (allowed: the
// producer may have stored both values before the consumer's first load), y=9 is after the
// release of 2 in program order -> unordered with the read of y -> race. A run that always
// exits at the FIRST satisfying store (v=1) never takes the racy path.
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* f, int* data, int* y, int* out) {
  if (blockIdx.x == 0) { data[0] = 1; st_rel(f, 1); st_rel(f, 2); y[0] = 9; }
  else if (blockIdx.x == 1) {
    unsigned v;
    while ((v = ld_acq(f)) == 0) {}
    out[0] = data[0];
    if (v == 2) out[1] = y[0];
  }
}
