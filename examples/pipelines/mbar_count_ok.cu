// Two producer warps fill one half of 'buf' each and signal an mbarrier; two consumer warps
// wait on it and read both halves (block of 128 threads, inline PTX).
// 'ready' is initialised with count 2: after __syncwarp() (which orders the 32 lanes' stores
// before lane 0), lane 0 of each producer warp does one mbarrier.arrive (default .release.cta).
// Correct: phase 0 completes after exactly the 2 arrivals, i.e. after both halves are written;
// the consumers' try_wait.parity 0 (default .acquire.cta) orders their reads after them.
// syncproof-args: --block 128 --grid 1:65535
// expected-no-diagnostics

__global__ void two_producers(const float* in, float* out) {
  __shared__ float buf[64];
  __shared__ alignas(8) unsigned long long ready;
  unsigned t = threadIdx.x, warp = t / 32, lane = t % 32;
  unsigned bar = (unsigned)__cvta_generic_to_shared(&ready);
  if (t == 0)
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 2;" ::"r"(bar) : "memory");
  __syncthreads();
  if (warp < 2) {
    buf[t] = in[blockIdx.x * 64 + t] * 2.0f;
    __syncwarp();
    if (lane == 0)
      asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
  } else {
    unsigned done = 0;
    while (!done)
      asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                   : "=r"(done) : "r"(bar) : "memory");
    out[blockIdx.x * 64 + t - 64] = buf[t - 64] + buf[127 - t];
  }
}
