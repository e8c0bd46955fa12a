// Same as mbar_count_ok.cu (2 producer warps arrive once each through lane 0; 2 consumer
// warps wait for phase 0), but 'ready' is initialised with count 3.
// Bug: only 2 arrivals ever reach phase 0, so its pending count never reaches 0 and the
// consumers' try_wait loop spins forever (a hang). Reported at the init, whose count does
// not match the arrivals per phase; the hang is not reported again as a deadlock.
// syncproof-args: --block 128 --grid 1:65535

__global__ void two_producers(const float* in, float* out) {
  __shared__ float buf[64];
  __shared__ alignas(8) unsigned long long ready;
  unsigned t = threadIdx.x, warp = t / 32, lane = t % 32;
  unsigned bar = (unsigned)__cvta_generic_to_shared(&ready);
  if (t == 0)
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 3;" ::"r"(bar) : "memory");  // expected-mbarrier {{arrival count}}
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
