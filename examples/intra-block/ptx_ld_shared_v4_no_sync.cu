// A tile staged in shared memory and read back 16 bytes at a time through inline-PTX helpers
// that take 32-bit shared-window addresses (uint32_t), the way hand-tuned kernels wrap
// ld.shared.v4 / st.shared.v4: each thread stores its uint4 with sts128, __syncthreads(), then
// reads its neighbour's with lds128.
// Bug: the __syncthreads() between the stores and the loads is missing: a thread may read its
// neighbour's slot before the neighbour stored it (reported at the store in the helper).
// syncproof-args: --block 128 --grid 1:65535
#include <cstdint>

__device__ __forceinline__ uint32_t smem_addr(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }
__device__ __forceinline__ uint4 lds128(uint32_t a) {
  uint4 v;
  asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "r"(a) : "memory");
  return v;
}
__device__ __forceinline__ void sts128(uint32_t a, uint4 v) {
  asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" ::"r"(a), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w) : "memory");  // expected-race {{data race on 'tile'}}
}

__global__ void rotate(const uint4* in, uint4* out) {
  __shared__ alignas(16) uint4 tile[128];
  unsigned t = threadIdx.x;
  sts128(smem_addr(&tile[t]), in[blockIdx.x * 128 + t]);
  out[blockIdx.x * 128 + t] = lds128(smem_addr(&tile[(t + 1) % 128]));
}
