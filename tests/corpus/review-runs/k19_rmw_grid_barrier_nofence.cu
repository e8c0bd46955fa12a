// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 1:64
// corpus-expect: buggy race
// TRUTH: buggy-race (G>=2). As k18 without the fence before atomicAdd: atomicAdd is atom.relaxed
// (no .sem = relaxed), so nothing releases out[b]; no release pattern precedes the observation,
// so out[(b+1)%G] write by another block is unordered with this read.
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* cnt, int* out, int* res) {
  unsigned b = blockIdx.x, G = gridDim.x;
  out[b] = (int)b;
  atomicAdd(cnt, 1u);
  while (*(volatile unsigned*)cnt < G) {}
  __threadfence();
  res[b] = out[(b + 1) % G];
}
