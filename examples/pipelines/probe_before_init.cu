// A consumer/producer page handoff on one mbarrier (full, count 1): thread 32 stores the page and
// arrives; threads 0-31 read it after the construct below. Here every thread probes the mbarrier before the barrier that orders thread 0's init before it.
// Buggy: the probe reads memory that is not yet an initialised mbarrier (undefined behaviour: an
// earlier block on the SM can have left a completed phase there), so a consumer may skip the wait
// and race with the producer's stores. Before session 22 a false proof (adversarial review): the
// concrete prover trusted a probe not ordered after the init.
// syncproof-args: --block 64 --grid 2
#include <cstdint>
__device__ __forceinline__ unsigned sa(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void bar_init(uint64_t* b, unsigned n) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(sa(b)), "r"(n) : "memory");  // expected-unknown {{possible re-init}}
}
__device__ __forceinline__ void bar_arrive(uint64_t* b) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(sa(b)) : "memory");
}
__device__ __forceinline__ bool bar_try(uint64_t* b, unsigned parity) {
  unsigned ok;
  asm volatile("{\n.reg .pred P1;\nmbarrier.try_wait.parity.shared::cta.b64 P1, [%1], %2;\nselp.u32 %0, 1, 0, P1;\n}\n"
               : "=r"(ok) : "r"(sa(b)), "r"(parity) : "memory");
  return ok != 0;
}
__device__ __forceinline__ bool bar_test(uint64_t* b, unsigned parity) {
  unsigned ok;
  asm volatile("{\n.reg .pred P1;\nmbarrier.test_wait.parity.shared::cta.b64 P1, [%1], %2;\nselp.u32 %0, 1, 0, P1;\n}\n"  // expected-unknown {{not modelled: 'mbarrier.test_wait.parity.shared::cta.b64}}
               : "=r"(ok) : "r"(sa(b)), "r"(parity) : "memory");
  return ok != 0;
}
__device__ __forceinline__ void bar_wait(uint64_t* b, unsigned parity) {
  while (!bar_try(b, parity)) {
  }
}
// The consumers probe 'full' BEFORE the __syncthreads that orders thread 0's mbarrier.init:
// the probe races with the init (undefined behaviour, PTX ISA: an mbarrier operation on memory that
// does not hold an initialised mbarrier). It can return true (stale shared memory), the wait is skipped
// and the read of 'page' races with the producer's stores.
__global__ void k(const float* in, float* out) {
  __shared__ float page[32];
  __shared__ alignas(8) uint64_t full;
  const unsigned t = threadIdx.x;
  if (t == 0) bar_init(&full, 1);
  bool ok = bar_test(&full, 0);  // not ordered after the init
  __syncthreads();
  if (t == 32) {
    for (int i = 0; i < 32; ++i) page[i] = in[blockIdx.x * 32 + i];  // expected-unknown {{possible data race on 'page'}}
    bar_arrive(&full);
  } else if (t < 32) {
    if (!ok) bar_wait(&full, 0);
    out[blockIdx.x * 32 + t] = page[t];
  }
}
