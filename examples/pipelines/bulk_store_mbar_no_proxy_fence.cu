// Warp-specialized epilogue: threads 32-159 (the consumers) write 'tile' with generic stores
// and arrive on the mbarrier 'full' (count 128); thread 0 (the storer, in warp 0) waits for
// phase 0 and issues the shared->global cp.async.bulk of 'tile'.
// Bug: the mbarrier phase orders the consumers' generic writes before the storer's wait, but
// the bulk copy reads 'tile' through the async proxy. Like a block barrier, an mbarrier
// orders the generic proxy only: each writer needs fence.proxy.async after its writes and
// before its arrive (PTX ISA: proxies; membar/fence, fence.proxy.async). The twin
// bulk_store_mbar_fence_ok.cu has it. Reported at the bulk copy.
// syncproof-args: --block 160 --grid 1:65535
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
    ptx::mbarrier_arrive(&full);
  } else if (t == 0) {
    while (!ptx::mbarrier_try_wait_parity(&full, 0u)) {
    }
    ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, out + blockIdx.x * 128, tile, 512u);  // expected-async-copy {{fence.proxy.async}}
    ptx::cp_async_bulk_commit_group();
    ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>());
  }
}
