// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 3:8
// corpus-expect: buggy race
// TRUTH: buggy-race. Block 0: data=42; st.release f=1. Block 1: st.release f=2 (no data).
// Block 2 waits while (f < 1): the first satisfying store in some schedule is block 1's f=2,
// which only synchronizes with block 1; block 0's data write is then unordered with the read.
// FREE-GRID VARIANT: blocks >= 3 return at once (same truth).
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* f, int* data, int* out) {
  if (blockIdx.x >= 3) return;
  if (blockIdx.x == 0) { data[0] = 42; st_rel(f, 1); }
  else if (blockIdx.x == 1) { st_rel(f, 2); }
  else { while (ld_acq(f) < 1) {} out[0] = data[0]; }
}
