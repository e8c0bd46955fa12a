// A consumer/producer page handoff on one mbarrier (full, count 1): thread 32 stores the page and
// arrives; threads 0-31 read it after the construct below. Here the spin `while (!try_failed(b, 0)) {}` uses a helper that negates the try_wait's predicate
// inside the asm, so the loop leaves as soon as a try_wait fails. Buggy: the read of the page is
// not ordered after the producer's stores (or, once phase 0 completed, the loop spins forever).
// Before session 22 a false proof (adversarial review): the helper was taken for a blocking wait.
// syncproof-args: --block 64 --grid 2
#include <cstdint>
__device__ __forceinline__ unsigned sa(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void bar_init(uint64_t* b, unsigned n) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(sa(b)), "r"(n) : "memory");
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
  asm volatile("{\n.reg .pred P1;\nmbarrier.test_wait.parity.shared::cta.b64 P1, [%1], %2;\nselp.u32 %0, 1, 0, P1;\n}\n"
               : "=r"(ok) : "r"(sa(b)), "r"(parity) : "memory");
  return ok != 0;
}
__device__ __forceinline__ void bar_wait(uint64_t* b, unsigned parity) {
  while (!bar_try(b, parity)) {
  }
}
// A "wait" loop over a helper whose asm negates the predicate: it leaves when the probe FAILS.
__device__ __forceinline__ bool bar_try_failed(uint64_t* b, unsigned parity) {
  unsigned r;
  asm volatile("{\n.reg .pred P1;\nmbarrier.try_wait.parity.shared::cta.b64 P1, [%1], %2;\nnot.pred P1, P1;\nselp.u32 %0, 1, 0, P1;\n}\n"  // expected-unknown {{not modelled: 'mbarrier.try_wait.parity.shared::cta.b64}}
               : "=r"(r) : "r"(sa(b)), "r"(parity) : "memory");
  return r != 0;
}
__global__ void k(const float* in, float* out) {
  __shared__ float page[32];
  __shared__ alignas(8) uint64_t full;
  const unsigned t = threadIdx.x;
  if (t == 0) bar_init(&full, 1);
  __syncthreads();
  if (t == 32) {
    for (int i = 0; i < 32; ++i) page[i] = in[blockIdx.x * 32 + i];  // expected-unknown {{possible data race on 'page'}}
    bar_arrive(&full);
  } else if (t < 32) {
    while (!bar_try_failed(&full, 0)) {}  // leaves as soon as the phase is NOT complete
    out[blockIdx.x * 32 + t] = page[t];
  }
}
