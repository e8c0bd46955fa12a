// Warp-specialized epilogue: threads 32-159 (the consumers) write 'tile' with generic stores,
// fence the async proxy (fence.proxy.async.shared::cta) and arrive on the mbarrier 'full'
// (count 128); thread 0 (the storer, in warp 0) waits for phase 0 and issues the
// shared->global cp.async.bulk of 'tile'. The fence before each arrive makes the generic
// writes visible to the async proxy that the bulk copy reads through (PTX ISA: proxies;
// membar/fence). Twin of bulk_store_mbar_no_proxy_fence.cu.
// syncproof-args: --block 160 --grid 1:65535
// expected-no-diagnostics
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void epilogue(const float* acc, float* out) {
  __shared__ alignas(128) float tile[128];
  __shared__ alignas(8) cuda::std::uint64_t full;
  unsigned t = threadIdx.x;
  if (t == 0)
    ptx::mbarrier_init(&full, 128);
  __syncthreads();
  if (t >= 32) {
    tile[t - 32] = 2.0f * acc[blockIdx.x * 128 + t - 32];
    ptx::fence_proxy_async(ptx::space_shared);
    ptx::mbarrier_arrive(&full);
  } else if (t == 0) {
    while (!ptx::mbarrier_try_wait_parity(&full, 0u)) {
    }
    ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, out + blockIdx.x * 128, tile, 512u);
    ptx::cp_async_bulk_commit_group();
    ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>());
  }
}
