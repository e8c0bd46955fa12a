// Same bulk-store epilogue as bulk_store_fence_ok.cu, without fence.proxy.async: generic
// stores to 'tile', __syncthreads(), thread 0 issues the shared->global cp.async.bulk.
// Bug: __syncthreads() orders the generic proxy only. The bulk copy reads 'tile' through the
// async proxy, and without a proxy fence between the generic writes and the async reads it
// may read stale shared memory (PTX ISA: accesses to the same location through different
// proxies need a cross-proxy fence; for the async proxy, fence.proxy.async). Reported at
// the bulk copy.
// syncproof-args: --block 256 --grid 1:65535
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void epilogue(const float* acc, float* out, float alpha) {
  __shared__ alignas(128) float tile[1024];
  unsigned t = threadIdx.x;
  for (unsigned i = t; i < 1024; i += 256)
    tile[i] = alpha * acc[blockIdx.x * 1024 + i];
  __syncthreads();
  if (t == 0) {
    ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, out + blockIdx.x * 1024, tile, 4096u);  // expected-async-copy {{fence.proxy.async}}
    ptx::cp_async_bulk_commit_group();
    ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>());
  }
}
