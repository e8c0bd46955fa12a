// BUG: the mbarrier object is at byte 4 of an 8-byte-aligned shared array: mbarrier objects must
// be 8-byte aligned (PTX ISA: mbarrier, "an opaque 64-bit object ... aligned to 8 bytes"), so
// every mbarrier instruction here is undefined. Found by the session-18 review: it was proved.
// syncproof-args: --block 64 --grid 1
#include <cstdint>
__global__ void k(const float* in, float* out) {
  __shared__ alignas(8) unsigned char raw[16];
  __shared__ float buf[32];
  unsigned t = threadIdx.x;
  unsigned bar = (unsigned)__cvta_generic_to_shared(raw + 4);
  if (t == 0) asm volatile("mbarrier.init.shared::cta.b64 [%0], 32;" ::"r"(bar) : "memory");  // expected-mbarrier {{misaligned mbarrier}}
  __syncthreads();
  if (t < 32) {
    buf[t] = in[t];
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");  // expected-mbarrier {{misaligned mbarrier}}
  } else {
    unsigned done = 0;
    while (!done)
      asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                   : "=r"(done) : "r"(bar) : "memory");  // expected-mbarrier@-2 {{misaligned mbarrier}}
    out[t] = buf[t - 32];
  }
}
