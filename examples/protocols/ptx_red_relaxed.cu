// Fan-in written in inline PTX: blocks b > 0 store partial[b] and add 1 to the counter;
// block 0 spins on ld.acquire.gpu until the count is gridDim.x - 1.
// Bug: the signal is red.relaxed.gpu.global.add.u32: a relaxed reduction does not order the
// earlier store to partial[b] before it (missing release). Reported as ordering, not as a race.
// syncproof-args: --block 256 --grid 1:65535

__global__ void fan_in(const float* in, float* partial, unsigned* count, float* out) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  if (b > 0) {
    if (t == 0) {
      partial[b] = in[b];
      asm volatile("red.relaxed.gpu.global.add.u32 [%0], %1;" :: "l"(count), "r"(1u) : "memory");  // expected-ordering {{missing release}}
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
