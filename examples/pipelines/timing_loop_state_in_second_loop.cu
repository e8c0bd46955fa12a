// The count a first timing loop reaches (0, 1 or 2, by when ready[0] and ready[1] complete) indexes
// a read in a second timing loop; buf[1] is written concurrently. The two runs see the counts 2
// and 0 only, so before the session-20 review the kernel was proved; the read of buf[1] races.
// The prover now follows one timing loop per thread, and what that loop assigns is used only in
// it.
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
  asm volatile("{\n.reg .pred P1;\nmbarrier.test_wait.parity.shared::cta.b64 P1, [%1], %2;\nselp.u32 %0, 1, 0, P1;\n}\n"  // expected-unknown {{not modelled: 'mbarrier.test_wait.parity}} expected-unknown {{not modelled: 'mbarrier.test_wait.parity}}
               : "=r"(ok) : "r"(sa(b)), "r"(parity) : "memory");
  return ok != 0;
}
__device__ __forceinline__ void bar_wait(uint64_t* b, unsigned parity) {
  while (!bar_try(b, parity)) {
  }
}


__global__ void k(float* out) {
  __shared__ alignas(8) uint64_t ready[2], x;
  __shared__ float buf[4];
  const unsigned t = threadIdx.x;
  if (t == 0) {
    bar_init(&ready[0], 1), bar_init(&ready[1], 1), bar_init(&x, 1);
    for (int i = 0; i < 4; ++i) buf[i] = 0.0f;
  }
  __syncthreads();
  if (t == 0) {
    bar_arrive(&ready[0]);
    buf[1] = 7.0f;  // expected-unknown {{possible data race on 'buf'}}
    bar_arrive(&ready[1]);
  } else if (t == 32) {
    int n = 0;
    while (n < 2) {
      if (!bar_test(&ready[n], 0)) break;
      ++n;
    }
    for (int j = 0; j < 1; ++j) {
      float v = buf[n];
      if (!bar_test(&x, 0)) break;
    }
    out[blockIdx.x] = 1.0f;
  }
}
