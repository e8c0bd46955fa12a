// The fan-in of spin_watchdog_helper_ok.cu (load in a __forceinline__ helper, watchdog that
// traps after 2^26 polls), but the helper loads with ld.relaxed.gpu.
// Bug: no acquire on the load that sees the final count and no fence after the loop, so
// block 0's reads of partial[] are not ordered after the producers' stores (missing
// acquire), reported at the spin loop (its `while`).
// syncproof-args: --block 256 --grid 1:65535

__device__ __forceinline__ unsigned ld_relaxed(const unsigned* p) {
  unsigned v;
  asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}

__device__ __forceinline__ void watchdog(unsigned& spins, const char* what) {
  if (++spins == (1u << 26)) {
    printf("block %d stuck in %s\n", (int)blockIdx.x, what);
    __trap();
  }
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
      unsigned spins = 0;
      while (ld_relaxed(count) < gridDim.x - 1) watchdog(spins, "fan-in wait");  // expected-ordering {{missing acquire}}
    }
    __syncthreads();
    float s = 0.0f;
    for (unsigned i = t + 1; i < gridDim.x; i += 256)
      s += partial[i];
    out[t] = s;
  }
}
