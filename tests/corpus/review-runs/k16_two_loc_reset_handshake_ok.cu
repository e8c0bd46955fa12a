// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 3
// corpus-expect: correct
// TRUTH: correct. Block 1: y=1; rel b=1; wait ack>=1; rel b=0; y=3. Block 2: x=1; rel a=1.
// Block 0: while (a<1 || b<1) {}; out = x + y; rel ack=1. b is reset only after block 0 exited
// (ack is stored after the exit), so block 0's exit reads b=1 -> y=1 hb read; read hb y=3 via ack.
// No deadlock: b stays 1 until block 0 has exited.
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* a, unsigned* b, unsigned* ack, int* x, int* y, int* out) {
  if (blockIdx.x == 1) { y[0] = 1; st_rel(b, 1); while (ld_acq(ack) < 1) {} st_rel(b, 0); y[0] = 3; }
  else if (blockIdx.x == 2) { x[0] = 1; st_rel(a, 1); }
  else { while (ld_acq(a) < 1 || ld_acq(b) < 1) {} out[0] = x[0] + y[0]; st_rel(ack, 1); }
}
