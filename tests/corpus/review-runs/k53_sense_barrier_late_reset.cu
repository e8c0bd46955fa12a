// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 32 --grid 1:16 --param n=0:50
// corpus-expect: buggy deadlock
// TRUTH: buggy-deadlock (G >= 2, n >= 1 so at least 2 barriers). As k52 but the last arriver resets
// cnt AFTER releasing gen. A released block can enter the next barrier and atomicAdd cnt before the
// reset; the reset then erases that arrival, so the next barrier's count never reaches G-1 for the
// last block -> all spin forever. (Also possibly a race on cnt ordering; deadlock is the bug.)
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ void gbar(unsigned* cnt, unsigned* gen, unsigned G) {
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned g = ld_acq(gen);
    __threadfence();
    unsigned old = atomicAdd(cnt, 1u);
    __threadfence();
    if (old == G - 1) { st_rel(gen, g + 1); atomicExch(cnt, 0u); }
    else { while (ld_acq(gen) == g) {} }
  }
  __syncthreads();
}
__global__ void k(unsigned* cnt, unsigned* gen, int* buf, int* out, int n) {
  unsigned b = blockIdx.x, G = gridDim.x, t = threadIdx.x;
  for (int s = 0; s < n; ++s) {
    buf[b * 32 + t] = s;
    gbar(cnt, gen, G);
    out[b * 32 + t] += buf[((b + 1) % G) * 32 + t];
    gbar(cnt, gen, G);
  }
}
