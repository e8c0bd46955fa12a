// try_wait loops written inside one asm statement, the two usual shapes: CUTLASS's
// `LAB: try_wait p; @p bra DONE; bra LAB; DONE:` and `LAB: try_wait p; @!p bra LAB;`. Correct: each
// is a blocking wait (the branch goes back to the try_wait until it succeeds). Half the consumers
// use one, half the other. syncproof needs the branch back to a label before the try_wait
// (try_wait_bra_no_loop.cu has none).
// syncproof-args: --block 64 --grid 2
// expected-no-diagnostics
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
// CUTLASS's wait: the try_wait loop inside the asm, out on success, back otherwise.
__device__ __forceinline__ void bar_wait_cutlass(uint64_t* b, unsigned parity) {
  asm volatile("{\n.reg .pred p;\nLAB_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@p bra DONE;\nbra LAB_WAIT;\nDONE:\n}\n"
               :: "r"(sa(b)), "r"(parity) : "memory");
}
// The same loop with the branch back taken while the try_wait fails.
__device__ __forceinline__ void bar_wait_back(uint64_t* b, unsigned parity) {
  asm volatile("{\n.reg .pred p;\nLAB_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra LAB_WAIT;\n}\n"
               :: "r"(sa(b)), "r"(parity) : "memory");
}
__global__ void k(const float* in, float* out) {
  __shared__ float page[32];
  __shared__ alignas(8) uint64_t full;
  const unsigned t = threadIdx.x;
  if (t == 0) bar_init(&full, 1);
  __syncthreads();
  if (t == 32) {
    for (int i = 0; i < 32; ++i) page[i] = in[blockIdx.x * 32 + i];
    bar_arrive(&full);
  } else if (t < 32) {
    if (t < 16) bar_wait_cutlass(&full, 0);
    else bar_wait_back(&full, 0);
    out[blockIdx.x * 32 + t] = page[t];
  }
}
