// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 1:64 --param steps=0:100
// corpus-expect: correct
// TRUTH: correct. One counter 'turn'; block b at step s waits while (turn != s*G+b) (non-monotone
// exit condition), then writes data[0] and releases turn = s*G+b+1. Every value v is written by
// exactly one store (release), made only by the block whose turn was v-1 after it acquired v-1,
// so coherence order of 'turn' is 0,1,2,... and the value a waiter needs is stored only once and
// is not overwritten until that waiter itself stores: no missed value, no deadlock. Each data
// access is ordered by the release(v)->acquire(v) chain (causality order is transitive).
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void turnring(unsigned* turn, int* data, int steps) {
  unsigned b = blockIdx.x, G = gridDim.x;
  for (int s = 0; s < steps; ++s) {
    unsigned my = (unsigned)s * G + b;
    while (ld_acq(turn) != my) {}
    data[0] += 1;
    st_rel(turn, my + 1);
  }
}
