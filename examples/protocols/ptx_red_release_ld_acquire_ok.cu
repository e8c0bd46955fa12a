// Fan-in written in inline PTX, as CUTLASS's semaphore helpers do: blocks b > 0 store
// partial[b], then red.release.gpu.global.add.u32 on the counter; block 0 spins on
// ld.acquire.gpu.global.u32 until the count is gridDim.x - 1 and reads the values.
// Correct: a release red and an acquire ld at gpu scope on the same location are morally
// strong, so each producer's store to partial[b] happens before block 0's reads. Only
// block 0 waits, for blocks that never wait: no co-residency needed.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics

__global__ void fan_in(const float* in, float* partial, unsigned* count, float* out) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  if (b > 0) {
    if (t == 0) {
      partial[b] = in[b];
      asm volatile("red.release.gpu.global.add.u32 [%0], %1;" :: "l"(count), "r"(1u) : "memory");
    }
  } else {
    if (t == 0) {
      unsigned c;
      do {
        asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(c) : "l"(count) : "memory");
      } while (c < gridDim.x - 1);
    }
    __syncthreads();
    float s = 0.0f;
    for (unsigned i = t + 1; i < gridDim.x; i += 256)
      s += partial[i];
    out[t] = s;
  }
}
