// corpus-source: PTX ISA 9.0 §cp.async.bulk.commit_group, §cp.async.bulk.wait_group, §Completion Mechanisms for Asynchronous Copy Operations
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: correct
// As bgroup_read0_ok but with the full cp.async.bulk.wait_group 0 (source reads, writes and visibility complete).
// "cp.async.bulk.wait_group ... wait until only N or fewer of the most recent bulk async-groups are pending and all the prior bulk async-groups committed by the executing threads are complete" (cp.async.bulk.wait_group)
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

__global__ void breuse_kernel(int* out1, int* out2) {
  __shared__ alignas(16) int buf[128];
  const int t = threadIdx.x;
  buf[t] = t;
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  if (t == 0) {
    bulk_s2g(out1, buf, 128 * sizeof(int));   // async read of buf
    bulk_commit();
    asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
  }
  __syncthreads();
  buf[t] = t + 1000;                       // reuse the source buffer (generic write)
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  if (t == 0) {
    bulk_s2g(out2, buf, 128 * sizeof(int));
    bulk_commit();
    asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
  }
}
