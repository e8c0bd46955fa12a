// Same bulk-store epilogue as bulk_store_write_before_wait_read.cu, done right: thread 0
// issues the 1 KiB shared->global cp.async.bulk, commits, and waits with
// cp.async.bulk.wait_group.read 0; then a __syncthreads(), after which every thread reuses
// 'tile' (writes tile[t]).
// Correct: wait_group.read 0 completes once the bulk store has read its whole source (PTX
// ISA, cp.async.bulk.wait_group), and the barrier after it orders that completion before
// the other threads' writes. The async-proxy read followed by generic writes needs no proxy
// fence beyond this (the completion is followed by an implicit generic-async proxy fence).
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void epilogue(const float* acc, float* out) {
  __shared__ alignas(128) float tile[256];
  unsigned t = threadIdx.x;
  tile[t] = acc[blockIdx.x * 256 + t];
  ptx::fence_proxy_async(ptx::space_shared);
  __syncthreads();
  if (t == 0) {
    ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, out + blockIdx.x * 256, tile, 1024u);
    ptx::cp_async_bulk_commit_group();
    ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>());
  }
  __syncthreads();
  tile[t] = 2.0f;
}
