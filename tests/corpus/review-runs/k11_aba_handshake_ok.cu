// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 1 --grid 2
// corpus-expect: correct
// TRUTH: correct. Producer: data=1; rel f=1; wait ack; data=2; rel f=0. Consumer: wait f!=0;
// read data; rel ack=1. Consumer's exit read must be f=1 (f=0 is stored only after the producer
// acquired ack, which the consumer stores only after exiting). data=1 hb read (f release/acquire);
// read hb data=2 (ack release/acquire). No deadlock: f stays 1 until ack.
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* f, unsigned* ack, int* data, int* out) {
  if (blockIdx.x == 0) {
    data[0] = 1; st_rel(f, 1);
    while (ld_acq(ack) == 0) {}
    data[0] = 2; st_rel(f, 0);
  } else {
    while (ld_acq(f) == 0) {}
    out[0] = data[0];
    st_rel(ack, 1);
  }
}
