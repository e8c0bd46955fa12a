// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 128 --grid 2:16 --param steps=0:100000
// corpus-expect: buggy race
// BUGGY per PTX model (mixed-size): u32 release store to the low half, u64 acquire load of
// the whole word. The accesses do not overlap completely so they are not morally strong:
// no release/acquire synchronization is established -> data race on data[] formally.
// (Value-wise the u64 load returns s+1.) Expect an error or unknown; a proof is wrong.
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) {
  asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ void st_rlx(unsigned* p, unsigned v) {
  asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) {
  unsigned v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ unsigned long long ld_acq64(const unsigned long long* p) {
  unsigned long long v;
  asm volatile("ld.acquire.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
__global__ void k(float* data, unsigned long long* flag, float* out, int steps) {
  int b = blockIdx.x, t = threadIdx.x;
  float acc = 0.f;
  for (int s = 0; s < steps; ++s) {
    if (b == 0) {
      data[s * 128 + t] = (float)s;
      __syncthreads();
      if (t == 0) st_rel((unsigned*)flag, (unsigned)(s + 1));
    } else {
      if (t == 0) { while (ld_acq64(flag) < (unsigned long long)(s + 1)) {} }
      __syncthreads();
      acc += data[s * 128 + t];
    }
  }
  out[b * 128 + t] = acc;
}
