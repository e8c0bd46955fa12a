// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 32 --grid 2:16 --param n=1:1000
// corpus-expect: buggy race
// TRUTH: buggy-race, only for some large n. Thread 0 of block bl writes z[(bl*n) % 1024]; blocks b1,b2
// collide iff n*(b1-b2) = 0 mod 1024, e.g. n=512, blocks 0 and 2 (grid >= 3). The small n values
// (2,3,4,131) never collide with grid <= 16. Plus a correct ring.
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* rf, int* rd, int* z, int n) {
  unsigned bl = blockIdx.x, G = gridDim.x;
  if (threadIdx.x == 0) z[(bl * (unsigned)n) % 1024u] = (int)bl;
  if (threadIdx.x == 0) { /* correct token ring (makes the symbolic check unknown: chains) */
    for (int s = 0; s < 3; ++s) {
      unsigned need = (bl == 0) ? (unsigned)s : (unsigned)(s + 1);
      while (ld_acq(&rf[bl]) < need) {}
      rd[0] += 1;
      st_rel(&rf[(bl + 1) % G], (unsigned)(s + 1));
    }
  }
}
