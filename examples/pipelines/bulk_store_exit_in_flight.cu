// The epilogue of bulk_store_fence_ok.cu without its final wait: thread 0 issues the bulk store
// of the tile and commits it, and the block exits with no cp.async.bulk.wait_group.read. Bug:
// the async proxy may still read 'tile' when the block's shared memory is given to the next
// block on the SM. Before session 14 this was proved (nothing looked at the end of the kernel).
// syncproof-args: --block 256 --grid 1:65535
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void epilogue(const float* acc, float* out, float alpha) {
  __shared__ alignas(128) float tile[1024];
  unsigned t = threadIdx.x;
  for (unsigned i = t; i < 1024; i += 256)
    tile[i] = alpha * acc[blockIdx.x * 1024 + i];
  ptx::fence_proxy_async(ptx::space_shared);
  __syncthreads();
  if (t == 0) {
    ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, out + blockIdx.x * 1024, tile, 4096u);  // expected-async-copy {{in flight at exit: thread 0's bulk store reads 'tile'}}
    ptx::cp_async_bulk_commit_group();
  }
}
