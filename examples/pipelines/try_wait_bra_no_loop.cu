// A consumer/producer page handoff on one mbarrier (full, count 1): thread 32 stores the page and
// arrives; threads 0-31 read it after the construct below. Here the asm `try_wait p, [b], 0; @p bra DONE; DONE:` has no branch back, yet was taken for a
// blocking wait. Buggy: a single try_wait may return false (its time limit expires), and then the
// thread reads the page unordered with the producer's stores. Before session 22 a false proof
// (adversarial review); a try_wait loop now needs its branch back to a label before the try_wait.
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
// A single try_wait whose predicate branches forward: no loop, the asm falls through when the probe fails.
__device__ __forceinline__ void bar_probe_once(uint64_t* b, unsigned parity) {
  asm volatile("{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@p bra DONE;\nDONE:\n}\n"  // expected-unknown {{not modelled: 'mbarrier.try_wait.parity.shared::cta.b64}} expected-unknown {{not modelled: inline PTX 'a branch on a try_wait result}}
               :: "r"(sa(b)), "r"(parity) : "memory");
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
    bar_probe_once(&full, 0);  // treated as a blocking wait, but it is one probe
    out[blockIdx.x * 32 + t] = page[t];
  }
}
