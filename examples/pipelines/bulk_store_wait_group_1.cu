// Same bulk-store epilogue as bulk_store_barrier_after_wait_ok.cu, but thread 0 waits with
// cp.async.bulk.wait_group.read 1 before the __syncthreads() that precedes the reuse of
// 'tile'.
// Bug: wait_group.read N waits until at most N of the thread's most recent bulk
// async-groups are pending (PTX ISA, cp.async.bulk.wait_group). Thread 0 committed only one
// group, so N = 1 waits for nothing: the bulk store may still be reading 'tile' when the
// threads overwrite it after the barrier. Reported at the overwriting store.
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
    ptx::cp_async_bulk_wait_group_read(ptx::n32_t<1>());
  }
  __syncthreads();
  tile[t] = 2.0f;  // expected-async-copy {{in flight}}
}
