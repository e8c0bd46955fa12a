// Warp 0 fills a shared buffer, four elements per lane; __syncwarp() orders the lanes' writes
// before lane 0's fence.acq_rel.cta, and lane 0 then arrives on the mbarrier with
// mbarrier.arrive.relaxed. The fence is cumulative (PTX ISA, "Release and Acquire Patterns"
// and the causality order): it releases what the warp barrier ordered before it, so every
// thread that waits on the phase with an acquire try_wait reads the whole buffer safely.
// syncproof reported a race between the other lanes' writes and the reads, because it took
// the relaxed arrival after a fence as a release of lane 0's own accesses only. Written from
// the PTX ISA (a variant of tests/corpus/proxy-table/msem_relaxed_arrive_fence_ok.cu).
// syncproof-args: --block 128 --grid 1
// expected-no-diagnostics
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
    for (int i = 0; i < 4; ++i) data[t + 32 * i] = t * 5 + i;
    __syncwarp();
  }
  if (t == 0) {
    asm volatile("fence.acq_rel.cta;" ::: "memory");
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
