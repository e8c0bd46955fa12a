// Every thread writes its element of a global scratch row with a generic store, the block
// synchronizes, and thread 0 loads the row back into shared memory with a bulk copy
// (cp.async.bulk, the async proxy) with no fence.proxy.async in between. Bug: the copy may
// read stale global data (generic writes are ordered before an async-proxy read of the same
// bytes only through a proxy fence). Before session 14 the copy's source read was an ordinary
// read ordered by the __syncthreads(), and the kernel was proved; now a bulk copy whose global
// source a generic write of the launch may overlap is not modelled (unknown), fenced or not.
// syncproof-args: --block 256 --grid 1:65535
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void stage(const float* in, float* scratch, float* out) {
  __shared__ alignas(128) float tile[256];
  __shared__ alignas(8) cuda::std::uint64_t full;
  unsigned t = threadIdx.x;
  if (t == 0) {
    ptx::mbarrier_init(&full, 1);
    ptx::fence_proxy_async(ptx::space_shared);
  }
  scratch[blockIdx.x * 256 + t] = 2.0f * in[blockIdx.x * 256 + t];
  __syncthreads();
  if (t == 0) {
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full, 1024u);
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, tile, scratch + blockIdx.x * 256, 1024u, &full);  // expected-unknown {{the generic write 'scratch[blockIdx.x * 256 + t]' (line 20) of this launch may overlap it}}
  }
  while (!ptx::mbarrier_try_wait_parity(&full, 0u)) {
  }
  out[blockIdx.x * 256 + t] = tile[255 - t];
}
