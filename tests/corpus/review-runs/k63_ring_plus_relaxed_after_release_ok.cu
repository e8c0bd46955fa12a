// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 32 --grid 2:16
// corpus-expect: correct
// TRUTH: correct. Correct token ring (thread 0) plus, in thread 1: block 0: data=42;
// st.release f=1; st.relaxed f=2; block 1: wait f>=2 (ld.acquire); read data. PTX 8.8: "a release
// operation on M followed by a strong write on M in program order" is a release pattern covering
// data=42 -> synchronizes-with the acquire that reads 2. No race, no deadlock.
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* rf, int* rd, unsigned* f, int* data, int* out) {
  unsigned bl = blockIdx.x, G = gridDim.x;
  if (threadIdx.x == 1) {
    if (bl == 0) { data[0] = 42; st_rel(f, 1); st_rlx(f, 2); }
    else if (bl == 1) { while (ld_acq(f) < 2) {} out[0] = data[0]; }
  }
  if (threadIdx.x == 0) {
    for (int s = 0; s < 3; ++s) {
      unsigned need = (bl == 0) ? (unsigned)s : (unsigned)(s + 1);
      while (ld_acq(&rf[bl]) < need) {}
      rd[0] += 1;
      st_rel(&rf[(bl + 1) % G], (unsigned)(s + 1));
    }
  }
}
