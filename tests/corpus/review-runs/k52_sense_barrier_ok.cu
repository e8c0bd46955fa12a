// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 32 --grid 1:16 --param n=0:50
// corpus-expect: correct
// TRUTH: correct. Reusable grid barrier (generation counter; the arrival counter goes up to G and
// back to 0 each round: ABA on cnt). Thread 0: g = acq gen; fence; old = atomicAdd(cnt,1); fence;
// if last: atomicExch(cnt,0) then rel gen=g+1, else wait gen != g. gen is read before the own
// arrival, and gen changes only after all G arrivals, so g is the current generation. Release
// patterns (fence; atomicAdd) are chained through the RMWs on cnt to the last arriver's acquire
// pattern (atomicAdd; fence), which releases gen cumulatively. cnt is reset before gen is released,
// so next-round arrivals (after acquiring gen) come after the reset in causality order.
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
    if (old == G - 1) { atomicExch(cnt, 0u); st_rel(gen, g + 1); }
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
