// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2 --param n=0:100
// corpus-expect: correct
// TRUTH: correct. As k40 but both sides wait for the EXACT value (while (v != s)). Since the
// producer stores f=s+2 only after acquiring ack=s+1, which the consumer stores after its exit read
// of f=s+1, no value can be missed; same for ack. No deadlock, no race.
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* f, unsigned* ack, int* data, int* out, int n) {
  if (blockIdx.x == 0) {
    for (int s = 0; s < n; ++s) { while (ld_acq(ack) != (unsigned)s) {} data[0] = s; st_rel(f, (unsigned)(s + 1)); }
  } else {
    for (int s = 0; s < n; ++s) { while (ld_acq(f) != (unsigned)(s + 1)) {} out[s] = data[0]; st_rel(ack, (unsigned)(s + 1)); }
  }
}
