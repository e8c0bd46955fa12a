// ntiles fixed at 3 by the contract: the tile loop is checked iteration by iteration (the
// same kernel for ntiles in [1, 64] is tests/pending/pipelines/bulk_store_reuse_ok.cu).
// Persistent epilogue: one 4 KiB staging tile reused for 'ntiles' output tiles (cuda::ptx).
// Per tile: generic stores into 'tile', fence.proxy.async, __syncthreads(), thread 0 issues
// the shared->global bulk store and commits it. Before the next tile overwrites 'tile',
// thread 0 waits with cp.async.bulk.wait_group.read 0 (the previous store has finished
// *reading* 'tile') and a __syncthreads() passes that on to every writer.
// Correct: no generic write to 'tile' can happen while a bulk store reads it.
// syncproof-args: --block 256 --grid 1:65535 --param ntiles=3
// expected-no-diagnostics
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void epilogue_loop(const float* acc, float* out, int ntiles) {
  __shared__ alignas(128) float tile[1024];
  unsigned t = threadIdx.x;
  for (int k = 0; k < ntiles; k++) {
    if (k > 0) {
      if (t == 0)
        ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>());
      __syncthreads();
    }
    unsigned base = (blockIdx.x * ntiles + k) * 1024;
    for (unsigned i = t; i < 1024; i += 256)
      tile[i] = 2.0f * acc[base + i];
    ptx::fence_proxy_async(ptx::space_shared);
    __syncthreads();
    if (t == 0) {
      ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, out + base, tile, 4096u);
      ptx::cp_async_bulk_commit_group();
    }
  }
  if (t == 0)
    ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>());
}
