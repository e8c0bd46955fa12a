// Fan-in as agents write it for a megakernel: the acquire load sits in a __forceinline__
// helper (`ld_acquire(p)`: asm ld.acquire.gpu, then `return v;`), and the spin carries a
// watchdog that prints and traps after 2^26 polls instead of hanging the GPU. Blocks b > 0
// store partial[b] and signal with red.release.gpu; block 0's thread 0 spins until the count
// is gridDim.x - 1, then __syncthreads() and every thread reads.
// Correct: the helper's `return` falls through, and the watchdog only aborts the kernel (a
// timeout, ignored like __nanosleep: the code after the loop runs only once the count was
// seen), so the loop is the await `count >= gridDim.x - 1` with an acquire load.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics

__device__ __forceinline__ unsigned ld_acquire(const unsigned* p) {
  unsigned v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
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
      while (ld_acquire(count) < gridDim.x - 1) watchdog(spins, "fan-in wait");
    }
    __syncthreads();
    float s = 0.0f;
    for (unsigned i = t + 1; i < gridDim.x; i += 256)
      s += partial[i];
    out[t] = s;
  }
}
