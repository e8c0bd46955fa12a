// Every thread zeroes buf[t] with a generic store, __syncthreads(), then thread 0 refills buf
// with a bulk copy (async proxy); all wait for it and read buf. Bug: only thread 0 has a
// fence.proxy.async after its store; the other threads' generic writes of the same bytes are
// not ordered with the async proxy's (PTX ISA: accesses of one location through different
// proxies need a proxy fence), so a thread can read 0.0f instead of the copied value. The
// same rule as for a bulk store's source (docs/pipelines.md "Bulk stores"); before session 14
// it was checked only for bulk stores and this kernel was proved. bulk_copy_over_fenced_writes_ok.cu
// fences every write.
// syncproof-args: --block 256 --grid 1:65535
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void zero_then_load(const float* in, float* out) {
  __shared__ alignas(128) float buf[256];
  __shared__ alignas(8) cuda::std::uint64_t full;
  unsigned t = threadIdx.x;
  buf[t] = 0.0f;
  if (t == 0) {
    ptx::mbarrier_init(&full, 1);
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  if (t == 0) {
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full, 1024u);
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, buf, in + blockIdx.x * 256, 1024u, &full);  // expected-async-copy {{fence.proxy.async: the bulk copy writes 'buf' through the async proxy, but the generic write 'buf[t]'}}
  }
  while (!ptx::mbarrier_try_wait_parity(&full, 0u)) {
  }
  out[blockIdx.x * 256 + t] = buf[t];
}
