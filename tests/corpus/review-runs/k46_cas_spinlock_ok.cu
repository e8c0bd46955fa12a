// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 1:64
// corpus-expect: correct
// TRUTH: correct. CAS spinlock: while (atomicCAS(lock,0,1) != 0); __threadfence() (strong read +
// fence = acquire pattern); data+=1; __threadfence(); atomicExch(lock,0) (fence + strong write =
// release pattern). The CAS that acquires reads the Exch (or initial 0) -> synchronizes.
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(int* lock, int* data) {
  while (atomicCAS(lock, 0, 1) != 0) {}
  __threadfence();
  data[0] += 1;
  __threadfence();
  atomicExch(lock, 0);
}
