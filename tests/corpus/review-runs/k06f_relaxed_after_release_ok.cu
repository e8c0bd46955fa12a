// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2:8
// corpus-expect: correct
// TRUTH: correct. Producer: data=42; st.release f=1; st.relaxed.gpu f=2. Consumer waits
// f>=2 with ld.acquire. PTX 8.8: "a release operation on M followed by a strong write on M in
// program order" is a release pattern, and its synchronization covers operations before the
// FIRST instruction of the pattern (data=42). Consumer's ld.acquire reads the strong write ->
// observation order -> synchronizes-with -> data write happens before the read. No race.
// FREE-GRID VARIANT: blocks >= 2 return at once (same truth).
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* f, int* data, int* out) {
  if (blockIdx.x >= 2) return;
  if (blockIdx.x == 0) { data[0] = 42; st_rel(f, 1); st_rlx(f, 2); }
  else { while (ld_acq(f) < 2) {} out[0] = data[0]; }
}
