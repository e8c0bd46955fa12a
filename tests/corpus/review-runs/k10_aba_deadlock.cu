// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2
// corpus-expect: buggy deadlock
// TRUTH: buggy-deadlock (possible, not in all schedules); no race. Producer: data=42;
// st.release f=1; st.release f=0. Consumer: while (f == 0) {}. If the consumer's loads all occur
// before f=1 or after f=0 in coherence order it spins forever (coherence: once it read the final
// 0 it can never read 1 again). When it exits it read 1 -> synchronized -> data ordered.
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* f, int* data, int* out) {
  if (blockIdx.x == 0) { data[0] = 42; st_rel(f, 1); st_rel(f, 0); }
  else { while (ld_acq(f) == 0) {} out[0] = data[0]; }
}
