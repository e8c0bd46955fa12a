// Fan-in written in inline PTX: blocks b > 0 store partial[b] and signal with
// red.release.gpu.global.add.u32; block 0 spins until the count is gridDim.x - 1.
// Bug: block 0 spins on ld.relaxed.gpu.global.u32 and has no fence after the loop, so its reads
// of partial[] are not ordered after the load that saw the final count (missing acquire),
// reported at the spin loop's `do`. Reported as ordering, not as a race on partial.
// syncproof-args: --block 256 --grid 1:65535

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
      do {  // expected-ordering {{missing acquire}}
        asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(c) : "l"(count) : "memory");
      } while (c < gridDim.x - 1);
    }
    __syncthreads();
    float s = 0.0f;
    for (unsigned i = t + 1; i < gridDim.x; i += 256)
      s += partial[i];
    out[t] = s;
  }
}
