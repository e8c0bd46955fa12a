// An mbarrier used for one phase and then invalidated so that its 8 bytes can be reused as
// an ordinary shared variable (inline PTX). 128 threads each arrive once (count 128) after
// writing s[t], wait for phase 0 and read s[127 - t]. After a __syncthreads(), which every
// thread reaches only after its last try_wait, thread 0 executes mbarrier.inval and stores a
// flag into the same word; after a second __syncthreads() everybody reads it.
// Correct: no mbarrier operation can follow the inval, and the generic store to the word
// comes after the inval (PTX ISA mbarrier.inval: invalidate before repurposing the memory).
// syncproof-args: --block 128 --grid 1:65535
// expected-no-diagnostics

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
  while (!done)
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done) : "r"(bar) : "memory");
  float v = s[127 - t];
  __syncthreads();
  if (t == 0) {
    asm volatile("mbarrier.inval.shared::cta.b64 [%0];" ::"r"(bar) : "memory");
    word = (unsigned long long)(v > 0.0f);
  }
  __syncthreads();
  out[base + t] = word ? v : -v;
}
