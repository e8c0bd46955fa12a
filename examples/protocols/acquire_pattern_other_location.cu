// The acquire pattern of acquire_pattern_relaxed_then_acquire_ok.cu, with the acquire load on
// another location (flag + 1): a strong read of M followed by an acquire of another location
// is no acquire pattern, so the relaxed spin acquires nothing and the consumers may read the
// data before the producer wrote it. Reported at the wait as a missing acquire.
// syncproof-args: --cooperative --block 64 --grid 2:16

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
      while (ld_relaxed(flag) == 0u) {}  // expected-ordering {{missing acquire}}
      (void)ld_acquire(flag + 1);
    }
    __syncthreads();
    out[blockIdx.x * 64 + t] = data[t];
  }
}
