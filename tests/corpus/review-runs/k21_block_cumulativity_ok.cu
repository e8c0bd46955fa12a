// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 64 --grid 2
// corpus-expect: correct
// TRUTH: correct. Block 0: every thread writes data[t]; __syncthreads; thread 0 st.release f=1.
// Block 1: thread 0 spins with ld.acquire; __syncthreads; every thread reads data[63-t].
// bar.sync orders within the CTA and release is cumulative (causality order is transitive through
// base causality incl. barriers, PTX 8.9.5).
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* f, int* data, int* out) {
  unsigned t = threadIdx.x;
  if (blockIdx.x == 0) { data[t] = (int)t; __syncthreads(); if (t == 0) st_rel(f, 1); }
  else { if (t == 0) { while (ld_acq(f) < 1) {} } __syncthreads(); out[t] = data[63 - t]; }
}
