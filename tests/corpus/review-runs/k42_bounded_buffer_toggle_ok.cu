// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2 --param n=0:100
// corpus-expect: correct
// TRUTH: correct. Flag toggles 0/1 (values go up and down, ABA on purpose). Producer: wait f==0;
// data=s; rel f=1. Consumer: wait f==1; out[s]=data; rel f=0. Two writers of f with different
// values, strictly alternating: each store happens only after the thread acquired the other's
// previous store, so coherence order alternates 1,0,1,0 and every exit read synchronizes with the
// immediately preceding opposite store. Both counts equal n -> no deadlock.
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* f, int* data, int* out, int n) {
  if (blockIdx.x == 0) {
    for (int s = 0; s < n; ++s) { while (ld_acq(f) != 0u) {} data[0] = s; st_rel(f, 1u); }
  } else {
    for (int s = 0; s < n; ++s) { while (ld_acq(f) != 1u) {} out[s] = data[0]; st_rel(f, 0u); }
  }
}
