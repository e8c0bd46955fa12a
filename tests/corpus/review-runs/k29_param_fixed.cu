// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 32 --grid 2:16 --param steps=5
// corpus-expect: correct
// TRUTH: correct. Contract steps=5 (fixed); the racy branch (steps != 5) is dead. Plus a ring.
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* rf, int* rd, int* z, int steps) {
  unsigned bl = blockIdx.x, G = gridDim.x;
  if (steps != 5 && threadIdx.x == 0) z[0] = (int)bl;
  if (threadIdx.x == 0) { /* correct token ring (makes the symbolic check unknown: chains) */
    for (int s = 0; s < 3; ++s) {
      unsigned need = (bl == 0) ? (unsigned)s : (unsigned)(s + 1);
      while (ld_acq(&rf[bl]) < need) {}
      rd[0] += 1;
      st_rel(&rf[(bl + 1) % G], (unsigned)(s + 1));
    }
  }
}
