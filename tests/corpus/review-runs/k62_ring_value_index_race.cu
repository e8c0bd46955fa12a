// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 32 --grid 2:16
// corpus-expect: buggy race
// TRUTH: buggy-race. After a correct ring, thread 0 of every block writes z[rf[bl] % 2] where
// rf[bl] is read with ld.acquire (final values: rf[0]=3 from block G-1 at its last step or 2..3,
// others 3): at least two blocks >= 1 write z[1], and those post-ring writes are unordered
// (block b's last release precedes block b+1's wait, but block b's post-ring write is after it).
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* rf, int* rd, int* z) {
  unsigned bl = blockIdx.x, G = gridDim.x;
  if (threadIdx.x == 0) {
    for (int s = 0; s < 3; ++s) {
      unsigned need = (bl == 0) ? (unsigned)s : (unsigned)(s + 1);
      while (ld_acq(&rf[bl]) < need) {}
      rd[0] += 1;
      st_rel(&rf[(bl + 1) % G], (unsigned)(s + 1));
    }
  }
  if (threadIdx.x == 0) z[ld_acq(&rf[bl]) % 2u] = (int)bl;
}
