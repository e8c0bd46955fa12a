// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2:64 --param steps=0:100
// corpus-expect: buggy race
// TRUTH: buggy-race (only when steps > 40). Correct token ring, except that block 1 stops
// waiting from step 40 on; it then writes data[0] unordered with block 0's write of the same
// step (block 0 is only ordered before block 1 via the release of flag[1] that block 1
// no longer acquires). Needs grid>=2, steps>=41.
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void ring(unsigned* flag, int* data, int steps) {
  unsigned b = blockIdx.x, G = gridDim.x;
  for (int s = 0; s < steps; ++s) {
    unsigned need = (b == 0) ? (unsigned)s : (unsigned)(s + 1);
    if (!(b == 1 && s >= 40)) { while (ld_acq(&flag[b]) < need) {} }
    data[0] += 1;
    st_rel(&flag[(b + 1) % G], (unsigned)(s + 1));
  }
}
