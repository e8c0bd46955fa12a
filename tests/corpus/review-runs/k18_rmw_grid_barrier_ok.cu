// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 1:64
// corpus-expect: correct
// TRUTH: correct. Each block: out[b]=b; __threadfence(); atomicAdd(cnt,1) (release pattern:
// fence followed by strong write, PTX 8.8); spin on volatile cnt < G; __threadfence() (acquire
// pattern: strong read followed by fence). Observation order reaches through the chain of atomic
// RMWs (PTX 8.9.2), so every block's out write happens before every block's read after the barrier.
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* cnt, int* out, int* res) {
  unsigned b = blockIdx.x, G = gridDim.x;
  out[b] = (int)b;
  __threadfence();
  atomicAdd(cnt, 1u);
  while (*(volatile unsigned*)cnt < G) {}
  __threadfence();
  res[b] = out[(b + 1) % G];
}
