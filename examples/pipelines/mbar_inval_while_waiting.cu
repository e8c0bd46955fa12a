// Same as mbar_inval_ok.cu, but the first __syncthreads() was removed as "redundant": thread
// 0 invalidates the mbarrier right after its own wait returned.
// Bug: other threads may still be inside their try_wait loop for phase 0 (a thread's wait
// can return later than thread 0's), so their mbarrier.try_wait can execute on a word that
// no longer holds a valid mbarrier (undefined; and thread 0's store of the flag overwrites
// it). Reported at the wait that may run after the inval.
// syncproof-args: --block 128 --grid 1:65535

__global__ void exchange_then_reuse(const float* in, float* out) {
  __shared__ float s[128];
  __shared__ alignas(8) unsigned long long word;
  unsigned t = threadIdx.x, base = blockIdx.x * 128;
  unsigned bar = (unsigned)__cvta_generic_to_shared(&word);
  if (t == 0)
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 128;" ::"r"(bar) : "memory");
  __syncthreads();
  s[t] = in[base + t];
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
  unsigned done = 0;
  while (!done)  // expected-mbarrier {{after inval}}
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done) : "r"(bar) : "memory");
  float v = s[127 - t];
  if (t == 0) {
    asm volatile("mbarrier.inval.shared::cta.b64 [%0];" ::"r"(bar) : "memory");
    word = (unsigned long long)(v > 0.0f);
  }
  __syncthreads();
  out[base + t] = word ? v : -v;
}
