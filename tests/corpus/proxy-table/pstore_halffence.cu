// corpus-source: PTX ISA 9.0 §Async Proxy, §membar/fence (proxy fences), §Proxies; CUDA Programming Guide §4.11.2.1 (TMA 1-D example)
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// Only threads 0..63 execute fence.proxy.async.shared::cta; threads 64..127 write buf without a proxy fence.
// CUDA guide 4.11.2.1: "each thread first orders the writes ... via fence_proxy_async, and these operations by all threads are ordered before the async operation performed in thread 0 using __syncthreads()"
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

__global__ void pstore_kernel(int* out) {
  __shared__ alignas(16) int buf[128];
  const int t = threadIdx.x;
  buf[t] = t * 7 + 1;                      // generic-proxy write
  if (t < 64) asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  if (t == 0) {
    bulk_s2g(out, buf, 128 * sizeof(int));   // async-proxy read of buf
    bulk_commit();
    asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
  }
}
