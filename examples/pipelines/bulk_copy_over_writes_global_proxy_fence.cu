// The kernel of bulk_copy_over_fenced_writes_ok.cu with the proxy fence's state space .global
// (cuda::ptx::fence_proxy_async(space_global)): a fence of the global state space orders no
// shared-memory accesses between the proxies (PTX ISA: membar/fence, "fence.proxy.async"), so
// the generic writes of 'buf' stay unordered with the bulk copy's writes of the same bytes.
// (A mutant of issue 33: accepted as a proof before.)
// syncproof-args: --block 256 --grid 1:65535
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void zero_then_load(const float* in, float* out) {
  __shared__ alignas(128) float buf[256];
  __shared__ alignas(8) cuda::std::uint64_t full;
  unsigned t = threadIdx.x;
  buf[t] = 0.0f;
  if (t == 0) ptx::mbarrier_init(&full, 1);
  ptx::fence_proxy_async(ptx::space_global);
  __syncthreads();
  if (t == 0) {
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full, 1024u);
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, buf, in + blockIdx.x * 256, 1024u, &full);  // expected-async-copy {{fence.proxy.async: the bulk copy writes 'buf' through the async proxy, but the generic write 'buf[t]'}}
  }
  while (!ptx::mbarrier_try_wait_parity(&full, 0u)) {
  }
  out[blockIdx.x * 256 + t] = buf[t];
}
