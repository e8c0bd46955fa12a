// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 3
// corpus-expect: buggy race
// TRUTH: buggy-race. while (a<1 && b<1) {} exits as soon as EITHER flag is set; the consumer then
// reads both x and y, so one of them (e.g. y when only a was seen) is unordered with its write.
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* a, unsigned* b, int* x, int* y, int* out) {
  if (blockIdx.x == 1) { x[0] = 1; st_rel(a, 1); }
  else if (blockIdx.x == 2) { y[0] = 2; st_rel(b, 1); }
  else { while (ld_acq(a) < 1 && ld_acq(b) < 1) {} out[0] = x[0] + y[0]; }
}
