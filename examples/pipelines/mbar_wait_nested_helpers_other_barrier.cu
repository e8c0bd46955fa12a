// mbar_wait_on_other_barrier.cu with the wait written as agents write it: two inlined helpers,
// mbar_wait(bar, parity) spinning on mbar_try_wait(bar, parity), which wraps the inline-PTX
// try_wait. The consumers wait for phase 0 of 'other', which their own arrivals complete, so
// nothing orders the producers' writes of 'buf' before the reads: a data race.
// Until session 19 the spin became one wait on the *inner* helper's parameter, which the
// flattened loop no longer assigned: the wait named no known mbarrier. The wait now takes its
// operands as the loop computes them (the outer helper's 'bar', that is &other).
// syncproof-args: --block 128 --grid 1:65535
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
    buf[t] = in[blockIdx.x * 64 + t];  // expected-race {{data race on 'buf'}}
    mbar_arrive(&ready);
  } else {
    mbar_arrive(&other);
    mbar_wait(&other, 0);
    out[blockIdx.x * 64 + t - 64] = buf[t - 64];
  }
}
