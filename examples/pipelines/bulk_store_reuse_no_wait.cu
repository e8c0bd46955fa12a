// Same persistent epilogue as tests/pending/pipelines/bulk_store_reuse_ok.cu, but the cp.async.bulk.wait_group.read
// before reusing 'tile' was dropped (the __syncthreads() is still there).
// Bug: the bulk store of tile k - 1 only *started* when thread 0 committed it; the
// __syncthreads() does not wait for it. The generic stores of tile k can overwrite 'tile'
// while that store is still reading it (PTX ISA: modifying the source of an asynchronous
// operation before it completes is undefined), so tile k - 1 may be written out partly with
// tile k's values. Reported at the overwriting store.
// syncproof-args: --block 256 --grid 1:65535 --param ntiles=1:64
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void epilogue_loop(const float* acc, float* out, int ntiles) {
  __shared__ alignas(128) float tile[1024];
  unsigned t = threadIdx.x;
  for (int k = 0; k < ntiles; k++) {
    if (k > 0)
      __syncthreads();
    unsigned base = (blockIdx.x * ntiles + k) * 1024;
    for (unsigned i = t; i < 1024; i += 256)
      tile[i] = 2.0f * acc[base + i];  // expected-async-copy {{in flight}}
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
