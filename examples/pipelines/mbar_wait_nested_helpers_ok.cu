// The correct twin of mbar_wait_nested_helpers_other_barrier.cu: the consumers wait, through
// the two inlined helpers, for phase 0 of 'ready', which the producers complete after writing
// 'buf'. Proved.
// syncproof-args: --block 128 --grid 1:65535
// expected-no-diagnostics
#include <cstdint>

__device__ __forceinline__ bool mbar_try_wait(uint64_t* bar, unsigned parity) {
  unsigned ok;
  asm volatile(
      "{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
      : "=r"(ok)
      : "r"((unsigned)__cvta_generic_to_shared(bar)), "r"(parity)
      : "memory");
  return ok != 0;
}
__device__ __forceinline__ void mbar_wait(uint64_t* bar, unsigned parity) {
  while (!mbar_try_wait(bar, parity)) {
  }
}
__device__ __forceinline__ void mbar_arrive(uint64_t* bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"((unsigned)__cvta_generic_to_shared(bar)) : "memory");
}

__global__ void handoff(const float* in, float* out) {
  __shared__ float buf[64];
  __shared__ alignas(8) uint64_t ready, other;
  unsigned t = threadIdx.x;
  if (t == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 64;" ::"r"((unsigned)__cvta_generic_to_shared(&ready)) : "memory");
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 64;" ::"r"((unsigned)__cvta_generic_to_shared(&other)) : "memory");
  }
  __syncthreads();
  if (t < 64) {
    buf[t] = in[blockIdx.x * 64 + t];
    mbar_arrive(&ready);
  } else {
    mbar_arrive(&other);
    mbar_wait(&ready, 0);
    out[blockIdx.x * 64 + t - 64] = buf[t - 64];
  }
}
