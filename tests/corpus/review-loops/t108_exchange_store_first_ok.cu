// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 64 --grid 2 --param steps=0:100000
// corpus-expect: correct
// CORRECT: pairwise exchange. Each block writes its slot of iteration s, barrier, thread 1
// release-stores flag[b]=s+1; thread 0 waits flag[1-b] >= s+1 (the other's thread 1 store
// does not depend on any wait); barrier; all read the other's slot. Fresh slots per s.
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
__global__ void k(float* data, unsigned* flag, float* out, int steps) {
  int b = blockIdx.x, t = threadIdx.x;
  float acc = 0.f;
  for (int s = 0; s < steps; ++s) {
    data[(s * 2 + b) * 64 + t] = (float)s;
    __syncthreads();
    if (t == 1) st_rel(&flag[b], (unsigned)(s + 1));
    if (t == 0) { while (ld_acq(&flag[1 - b]) < (unsigned)(s + 1)) {} }
    __syncthreads();
    acc += data[(s * 2 + (1 - b)) * 64 + t];
  }
  out[b * 64 + t] = acc;
}
