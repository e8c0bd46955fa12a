// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2 --param n=0:100
// corpus-expect: correct
// TRUTH: correct. Producer: for s=0..n-1: data[s]=s; st.release f=s+1. Consumer: for s: while (f<s+1);
// out[s]=data[s]. Exit read value v >= s+1 comes from release of step v-1 >= s, covering data[s].
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* f, int* data, int* out, int n) {
  if (blockIdx.x == 0) {
    for (int s = 0; s < n; ++s) { data[s] = s; st_rel(f, (unsigned)s + 1u); }
  } else {
    for (int s = 0; s < n; ++s) { while (ld_acq(f) < (unsigned)s + 1u) {} out[s] = data[s]; }
  }
}
