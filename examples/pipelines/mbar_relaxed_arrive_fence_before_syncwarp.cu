// examples/pipelines/mbar_relaxed_arrive_after_syncwarp_ok.cu with the fence moved before the
// __syncwarp(): each lane's fence orders only that lane's writes, and lane 0's relaxed
// arrival releases lane 0's alone. The other lanes' writes race with the consumers' reads.
// syncproof-args: --block 128 --grid 1
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
  if (t < 32) {                            // producers: warp 0, four elements per lane
    for (int i = 0; i < 4; ++i) data[t + 32 * i] = t * 5 + i;  // expected-race {{data race on 'data' (shared memory, within a block)}}
    asm volatile("fence.acq_rel.cta;" ::: "memory");
    __syncwarp();
  }
  if (t == 0) {
    asm volatile("mbarrier.arrive.relaxed.cta.shared::cta.b64 _, [%0];" :: "r"(smem_addr(&bar)) : "memory");
  }
  {
    uint32_t ok = 0;
    while (!ok) {
      asm volatile("{\n\t.reg .pred p;\n\t"
                   "mbarrier.try_wait.parity.acquire.cta.shared::cta.b64 p, [%1], %2;\n\t"
                   "selp.u32 %0, 1, 0, p;\n\t}"
                   : "=r"(ok) : "r"(smem_addr(&bar)), "r"(0u) : "memory");
    }
  }
  out[t] = data[127 - t];                  // consumers
}
