// corpus-source: written for an adversarial review of syncproof's run-based verdict checks (races checked by running a small launch, small launches after unknown, flags stored with changing values), black-box, from the PTX ISA memory consistency model
// corpus-form: written
// syncproof-args: --cooperative --block 32 --grid 3:16
// corpus-expect: correct
// TRUTH: correct. Ring plus, in thread 1: block 0: data=42; st.release c=1. Block 1: spin
// ld.relaxed c>=1, then atomicAdd(c,1) (relaxed RMW) -> c=2. Block 2: spin ld.acquire c>=2; read data.
// PTX 8.9.2 observation order: W precedes R if, for some atomic Z, W precedes Z and Z precedes R.
// st.release c=1 -> atomicAdd (reads 1, morally strong) -> ld.acquire reads 2: the release pattern of
// block 0 synchronizes with block 2's acquire (8.9.4). data=42 happens before the read. No race;
// no deadlock (block 1 adds only after c>=1, so c reaches 2 exactly once).
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) { asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) { asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ void st_rel_cta(unsigned* p, unsigned v) { asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) { unsigned v; asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ unsigned ld_rlx(const unsigned* p) { unsigned v; asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__global__ void k(unsigned* rf, int* rd, unsigned* c, int* data, int* out) {
  unsigned bl = blockIdx.x, G = gridDim.x;
  if (threadIdx.x == 1) {
    if (bl == 0) { data[0] = 42; st_rel(c, 1); }
    else if (bl == 1) { while (ld_rlx(c) < 1) {} atomicAdd(c, 1u); }
    else if (bl == 2) { while (ld_acq(c) < 2) {} out[0] = data[0]; }
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
