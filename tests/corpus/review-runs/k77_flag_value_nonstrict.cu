// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2 --param n=0:100
// corpus-expect: buggy race
// TRUTH: buggy-race (n >= 2). Producer: for s=0..n-1: data[s]=s; st.release f = s/2 + 1 (each value
// stored twice). Consumer: for s: while (f < s/2 + 1) {}; out[s]=data[s]. At s=1 the consumer may exit
// on the value 1 stored at producer step 0, whose release does not cover data[1] (written at step 1).
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* f, int* data, int* out, int n) {
  if (blockIdx.x == 0) {
    for (int s = 0; s < n; ++s) { data[s] = s; st_rel(f, (unsigned)s / 2u + 1u); }
  } else {
    for (int s = 0; s < n; ++s) { while (ld_acq(f) < (unsigned)s / 2u + 1u) {} out[s] = data[s]; }
  }
}
