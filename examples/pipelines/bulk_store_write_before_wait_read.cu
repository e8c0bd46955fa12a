// Bulk-store epilogue (cuda::ptx): 256 threads stage one value each in 'tile', execute
// fence.proxy.async and __syncthreads(); thread 0 issues the 1 KiB shared->global
// cp.async.bulk, commits the bulk async-group, then writes tile[0] = 1.0f, and only then
// waits with cp.async.bulk.wait_group.read 0.
// Bug: until the wait_group.read that covers its group completes, the bulk store may still
// be reading 'tile'; modifying the source of an asynchronous operation before it completes
// is undefined (PTX ISA, "Asynchronous operations" / cp.async.bulk.wait_group: .read waits
// for the source reads). The issuing thread is no exception. Reported at the write.
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
    tile[0] = 1.0f;  // expected-async-copy {{in flight}}
    ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>());
  }
}
