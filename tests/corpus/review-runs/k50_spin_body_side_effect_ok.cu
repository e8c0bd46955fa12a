// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2:8
// corpus-expect: correct
// TRUTH: correct. Consumer (block 1): while (f < 1) { rel spins=1; } -- the body runs at least once
// because f can only become 1 after the producer saw spins>=1. Producer (block 0): wait spins>=1;
// data=42; rel f=1. Consumer then reads data (synchronized by f). No deadlock, no race.
// A run that treated the loop as a pure wait (skipping its body) would report a false deadlock.
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* f, unsigned* spins, int* data, int* out) {
  if (blockIdx.x == 0) { while (ld_acq(spins) < 1) {} data[0] = 42; st_rel(f, 1); }
  else if (blockIdx.x == 1) { while (ld_acq(f) < 1) { st_rel(spins, 1); } out[0] = data[0]; }
}
