// Epilogue through shared memory with a TMA-style bulk store (cuda::ptx): every thread
// writes its 4 results into 'tile' with ordinary (generic-proxy) stores, then executes
// fence.proxy.async.shared::cta, then __syncthreads(); thread 0 issues
// cp.async.bulk.global.shared::cta.bulk_group (an async-proxy read of 'tile'), commits the
// bulk async-group and waits for its reads (wait_group.read 0) before the block may exit.
// Correct: the proxy fence after each thread's writes and the barrier before the copy order
// the generic writes before the async-proxy reads (PTX ISA "Proxies" / fence.proxy.async);
// the source stays valid until the bulk copy has read it.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics
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
    ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, out + blockIdx.x * 1024, tile, 4096u);
    ptx::cp_async_bulk_commit_group();
    ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>());
  }
}
