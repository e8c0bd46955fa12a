// One mbarrier re-purposed between two stages (inline PTX): stage 1 uses it with count 128
// (every thread arrives after writing s[t]); stage 2 only needs warps 0-1, so thread 0
// re-initialises it with count 64.
// Correct: the re-init comes after a __syncthreads() that every thread reaches only after its
// stage-1 wait, is preceded by mbarrier.inval (PTX ISA mbarrier.init: init on a location that
// holds a valid mbarrier is undefined), and is published by a second __syncthreads() before
// any stage-2 arrive.
// syncproof-args: --block 128 --grid 1:65535
// expected-no-diagnostics

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
  __syncthreads();
  if (t == 0) {
    asm volatile("mbarrier.inval.shared::cta.b64 [%0];" ::"r"(bar) : "memory");
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 64;" ::"r"(bar) : "memory");
  }
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
