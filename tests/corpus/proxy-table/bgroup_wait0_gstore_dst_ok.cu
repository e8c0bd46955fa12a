// corpus-source: PTX ISA 9.0 §cp.async.bulk.commit_group, §cp.async.bulk.wait_group, §Completion Mechanisms for Asynchronous Copy Operations
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: correct
// Thread 0 bulk-stores to out, full wait_group 0, then writes out[5] with a plain store.
// wait_group 0 waits for "Writing to their respective destination locations" and "Writes being made visible to the executing thread"; completion is "followed by an implicit generic-async proxy fence" (Async Proxy).
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

__global__ void bdst_kernel(int* out, int* flag) {
  __shared__ alignas(16) int buf[128];
  const int t = threadIdx.x;
  buf[t] = t + 5;
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  if (t == 0) {
    bulk_s2g(out, buf, 128 * sizeof(int));   // async write of out[0..127]
    bulk_commit();
    asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
    out[5] = 42;                             // generic write of the destination
  }
}
