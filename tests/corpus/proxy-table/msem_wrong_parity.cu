// corpus-source: PTX ISA 9.0 §mbarrier.arrive, §mbarrier.test_wait/try_wait, §Release and Acquire Patterns, §membar/fence
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// Consumers wait on parity 1 of a freshly initialized mbarrier (current phase 0): parity 1 names the immediately
// preceding phase, for which try_wait returns True at once. "The test_wait and try_wait operations are valid only for: the
// current incomplete phase, for which waitComplete returns False; the immediately preceding phase, for which waitComplete returns True."
#include <cuda.h>
#include <cstdint>

static __device__ __forceinline__ uint32_t smem_addr(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// thread 0: mbarrier.init + fence.mbarrier_init; caller follows with __syncthreads()
static __device__ __forceinline__ void mbar_init(uint64_t* bar, uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(smem_addr(bar)), "r"(count) : "memory");
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}

__global__ void msem_kernel(int* out) {
  __shared__ int data[128];
  __shared__ alignas(8) uint64_t bar;
  const int t = threadIdx.x;
  if (t == 0) mbar_init(&bar, 1);
  __syncthreads();
  if (t == 0) {                            // producer
    for (int i = 0; i < 128; ++i) data[i] = i * 5 + 2;   // plain st.shared
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(smem_addr(&bar)) : "memory");
  }
  {
    uint32_t ok = 0;
    while (!ok) {
      asm volatile("{\n\t.reg .pred p;\n\t"
                   "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
                   "selp.u32 %0, 1, 0, p;\n\t}"
                   : "=r"(ok) : "r"(smem_addr(&bar)), "r"(1u) : "memory");
    }
  }
  out[t] = data[127 - t];                  // consumers
}
