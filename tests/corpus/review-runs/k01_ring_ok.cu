// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2:64 --param steps=0:100
// corpus-expect: correct
// TRUTH: correct. Token ring: block b waits for flag[b] >= s (set by block b-1, or by
// block G-1 for b==0 in the next round), writes data, then releases flag[(b+1)%G].
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void ring(unsigned* flag, int* data, int steps) {
  unsigned b = blockIdx.x, G = gridDim.x;
  for (int s = 0; s < steps; ++s) {
    unsigned need = (b == 0) ? (unsigned)(s * 1) : (unsigned)(s + 1);
    // block 0 at step s needs flag[0] >= s (set by block G-1 at step s-1 with value s)
    while (ld_acq(&flag[b]) < need) {}
    data[0] += 1;
    st_rel(&flag[(b + 1) % G], (b + 1 == G) ? (unsigned)(s + 1) : (unsigned)(s + 1));
  }
}
