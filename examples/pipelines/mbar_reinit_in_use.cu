// Same as mbar_reinit_ok.cu, but thread 0 re-initialises the mbarrier (count 64) right after
// its own stage-1 wait: no __syncthreads() before it and no mbarrier.inval.
// Bug: mbarrier.init runs on a location that still holds a valid mbarrier (undefined: PTX ISA
// mbarrier.init / "Lifecycle of the mbarrier object"), while other threads may still be in
// their phase-0 try_wait on it (thread 0's wait can return before theirs). Reported at the
// second init.
// syncproof-args: --block 128 --grid 1:65535

__global__ void two_stages(const float* in, float* out) {
  __shared__ float s[128];
  __shared__ alignas(8) unsigned long long mb;
  unsigned t = threadIdx.x, base = blockIdx.x * 128, done = 0;
  unsigned bar = (unsigned)__cvta_generic_to_shared(&mb);
  if (t == 0)
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 128;" ::"r"(bar) : "memory");
  __syncthreads();
  s[t] = in[base + t];
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
  while (!done)
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done) : "r"(bar) : "memory");
  float v = s[127 - t];
  if (t == 0)
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 64;" ::"r"(bar) : "memory");  // expected-mbarrier {{re-init}}
  __syncthreads();
  if (t < 64) {
    s[t] = v;
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
    for (done = 0; !done;)
      asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                   : "=r"(done) : "r"(bar) : "memory");
    out[base + t] = s[63 - t];
  }
}
