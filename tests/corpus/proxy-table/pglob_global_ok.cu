// corpus-source: PTX ISA 9.0 §Async Proxy, §membar/fence (proxy fences), §Proxies; CUDA Programming Guide §4.11.2.1 (TMA 1-D example)
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: correct
// As pglob_nofence, writers execute fence.proxy.async.global before __syncthreads.
// "The memory ordering is limited only to operations performed on objects in the state space specified. If no state space is specified, then the memory ordering applies on all state spaces." (membar/fence)
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

static __device__ __forceinline__ void mbar_arrive_expect_tx(uint64_t* bar, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(smem_addr(bar)), "r"(bytes) : "memory");
}

// default semantics: .acquire.cta
static __device__ __forceinline__ bool mbar_try_wait(uint64_t* bar, uint32_t parity) {
  uint32_t ok;
  asm volatile("{\n\t.reg .pred p;\n\t"
               "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
               "selp.u32 %0, 1, 0, p;\n\t}"
               : "=r"(ok) : "r"(smem_addr(bar)), "r"(parity) : "memory");
  return ok != 0;
}

static __device__ __forceinline__ void bulk_g2s(void* dst_smem, const void* src_gmem, uint32_t bytes, uint64_t* bar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
               :: "r"(smem_addr(dst_smem)), "l"(src_gmem), "r"(bytes), "r"(smem_addr(bar)) : "memory");
}

__global__ void pglob_kernel(int* src, int* out) {
  __shared__ alignas(16) int buf[128];
  __shared__ alignas(8) uint64_t bar;
  const int t = threadIdx.x;
  if (t == 0) mbar_init(&bar, 1);
  src[t] = t * 3;                          // generic-proxy write to global
  asm volatile("fence.proxy.async.global;" ::: "memory");
  __syncthreads();
  if (t == 0) {
    mbar_arrive_expect_tx(&bar, 128 * sizeof(int));
    bulk_g2s(buf, src, 128 * sizeof(int), &bar);  // async-proxy read of src
  }
  while (!mbar_try_wait(&bar, 0)) { }
  out[t] = buf[t];
}
