// Fan-in with a wrap-safe spin, as a persistent kernel that never resets its counter writes
// it: blocks b > 0 store partial[b] and signal with red.release.gpu; block 0's thread 0 spins
// while (int)(count - target) < 0, so the test stays right when count and target wrap past
// 2^32 (launch after launch, the host adds (gridDim.x - 1) to target instead of clearing).
// Correct for a counter that starts at 0: the exit condition holds once all gridDim.x - 1
// signals have arrived, and the acquire load orders block 0's reads after the stores.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics

__device__ __forceinline__ unsigned ld_acquire(const unsigned* p) {
  unsigned v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}

__global__ void fan_in(const float* in, float* partial, unsigned* count, float* out) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  if (b > 0) {
    if (t == 0) {
      partial[b] = in[b];
      asm volatile("red.release.gpu.global.add.u32 [%0], %1;" :: "l"(count), "r"(1u) : "memory");
    }
  } else {
    if (t == 0) {
      const unsigned target = gridDim.x - 1;
      while ((int)(ld_acquire(count) - target) < 0) {
      }
    }
    __syncthreads();
    float s = 0.0f;
    for (unsigned i = t + 1; i < gridDim.x; i += 256)
      s += partial[i];
    out[t] = s;
  }
}
