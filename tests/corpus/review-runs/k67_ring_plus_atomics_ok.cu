// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 32 --grid 2:16
// corpus-expect: correct
// TRUTH: correct. Ring plus: every thread of every block does atomicAdd(cnt,1) and thread 2 reads cnt
// with a volatile load. Atomics and volatile accesses are strong (volatile = relaxed.sys, atom =
// relaxed.gpu) and morally strong with each other -> no data race (PTX 8.10 data race needs a
// non-morally-strong pair).
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* rf, int* rd, unsigned* cnt, unsigned* out) {
  unsigned bl = blockIdx.x, G = gridDim.x;
  atomicAdd(cnt, 1u);
  if (threadIdx.x == 2) out[bl] = *(volatile unsigned*)cnt;
  if (threadIdx.x == 0) {
    for (int s = 0; s < 3; ++s) {
      unsigned need = (bl == 0) ? (unsigned)s : (unsigned)(s + 1);
      while (ld_acq(&rf[bl]) < need) {}
      rd[0] += 1;
      st_rel(&rf[(bl + 1) % G], (unsigned)(s + 1));
    }
  }
}
