// The wrap-safe fan-in of wrap_safe_wait_ok.cu with the test written `<= 0`: block 0 spins
// while (int)(count - target) <= 0, i.e. until one more signal than the gridDim.x - 1 blocks
// send.
// Bug: the count stops at gridDim.x - 1, where (int)(count - target) is 0: block 0 spins
// forever (the watchdog of a real kernel would trap). Reported at the spin.
// syncproof-args: --block 256 --grid 1:65535

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
      while ((int)(ld_acquire(count) - target) <= 0) {  // expected-deadlock {{never reach}}
      }
    }
    __syncthreads();
    float s = 0.0f;
    for (unsigned i = t + 1; i < gridDim.x; i += 256)
      s += partial[i];
    out[t] = s;
  }
}
