// Same bulk-store epilogue as bulk_store_barrier_after_wait_ok.cu, but the wait is in the
// wrong place: thread 0 issues and commits the 1 KiB shared->global cp.async.bulk, then
// __syncthreads(), every thread writes tile[t], and only then does thread 0 execute
// cp.async.bulk.wait_group.read 0.
// Bug: the barrier orders thread 0's *issue* of the bulk store before the writes, not the
// completion of its source reads; the generic writes of 'tile' may land while the store is
// still reading it (PTX ISA, "Asynchronous operations": modifying the source before the
// operation completes is undefined). Reported at the overwriting store.
// syncproof-args: --block 256 --grid 1:65535
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
  }
  __syncthreads();
  tile[t] = 2.0f;  // expected-async-copy {{in flight}}
  if (t == 0)
    ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>());
}
