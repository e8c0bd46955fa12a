// corpus-source: PTX ISA 9.0 §Async Proxy, §membar/fence (proxy fences), §Proxies; CUDA Programming Guide §4.11.2.1 (TMA 1-D example)
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// Thread 0 alone writes buf and bulk-stores it without a proxy fence (same thread, different proxies).
// "Accessing the same memory location across multiple proxies needs a cross-proxy fence. For the async proxy, fence.proxy.async should be used" (Async Proxy)
#include <cuda.h>
#include <cstdint>

static __device__ __forceinline__ uint32_t smem_addr(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

static __device__ __forceinline__ void bulk_s2g(void* dst_gmem, const void* src_smem, uint32_t bytes) {
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;"
               :: "l"(dst_gmem), "r"(smem_addr(src_smem)), "r"(bytes) : "memory");
}
static __device__ __forceinline__ void bulk_commit() {
  asm volatile("cp.async.bulk.commit_group;" ::: "memory");
}

__global__ void pstore_single_kernel(int* out) {
  __shared__ alignas(16) int buf[128];
  if (threadIdx.x == 0) {
    for (int i = 0; i < 128; ++i) buf[i] = i * 3;   // generic-proxy writes by the issuing thread
    bulk_s2g(out, buf, 128 * sizeof(int));
    bulk_commit();
    asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
  }
}
