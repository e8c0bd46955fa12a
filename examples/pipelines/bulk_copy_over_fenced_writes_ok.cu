// The kernel of bulk_copy_over_unfenced_writes.cu with a fence.proxy.async in every thread
// after its generic store and before the __syncthreads() that orders it before the bulk copy:
// the generic writes are ordered before the async proxy's writes of the same bytes.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void zero_then_load(const float* in, float* out) {
  __shared__ alignas(128) float buf[256];
  __shared__ alignas(8) cuda::std::uint64_t full;
  unsigned t = threadIdx.x;
  buf[t] = 0.0f;
  if (t == 0) ptx::mbarrier_init(&full, 1);
  ptx::fence_proxy_async(ptx::space_shared);
  __syncthreads();
  if (t == 0) {
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full, 1024u);
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, buf, in + blockIdx.x * 256, 1024u, &full);
  }
  while (!ptx::mbarrier_try_wait_parity(&full, 0u)) {
  }
  out[blockIdx.x * 256 + t] = buf[t];
}
