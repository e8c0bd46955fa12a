// The PTX acquire pattern "a strong read of M, then an acquire operation on M": thread 0 of
// each consumer block spins with relaxed GPU-scope loads of the flag until the producer's
// release store shows, then reads the flag once more with ld.acquire, and the block reads the
// data after a barrier. The relaxed read observes the release; the acquire load completes the
// pattern (PTX ISA, memory consistency model, "release and acquire patterns"), so the
// producer's write happens before the consumers' reads.
// syncproof-args: --cooperative --block 64 --grid 2:16
// expected-no-diagnostics

__device__ __forceinline__ void st_release(unsigned* p, unsigned v) {
  asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ unsigned ld_relaxed(const unsigned* p) {
  unsigned v;
  asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ unsigned ld_acquire(const unsigned* p) {
  unsigned v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}

__global__ void publish(const float* in, float* data, float* out, unsigned* flag) {
  const unsigned t = threadIdx.x;
  if (blockIdx.x == 0) {
    data[t] = in[t] * 2.0f;
    __syncthreads();
    if (t == 0) st_release(flag, 1u);
  } else {
    if (t == 0) {
      while (ld_relaxed(flag) == 0u) {}
      (void)ld_acquire(flag);
    }
    __syncthreads();
    out[blockIdx.x * 64 + t] = data[t];
  }
}
