// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2 --param n=0:100
// corpus-expect: buggy race
// TRUTH: buggy-race for n >= 64. Producer: for s=1..n: data[s]=s; st.release f = s + 0xFFFFFFC0 (u32).
// Consumer: for s=1..n: while (f < s + 0xFFFFFFC0) {}; out[s]=data[s]. At s=64 the needed value
// wraps to 0, so the wait passes on anything (even the initial 0): out[64]=data[64] can run before /
// concurrently with the producer's data[64]=64 -> race. Small n (<64) is correct.
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* f, int* data, int* out, int n) {
  if (blockIdx.x == 0) {
    for (int s = 1; s <= n; ++s) { data[s] = s; st_rel(f, (unsigned)s + 0xFFFFFFC0u); }
  } else {
    for (int s = 1; s <= n; ++s) { while (ld_acq(f) < (unsigned)s + 0xFFFFFFC0u) {} out[s] = data[s]; }
  }
}
