// The epilogue of bulk_store_fence_ok.cu with fence.proxy.async of the .global state space
// before the bulk store: the store reads 'tile' (shared memory) through the async proxy, and a
// .global proxy fence does not order the generic writes of shared memory before it (PTX ISA:
// membar/fence, "fence.proxy.async"). (A mutant of issue 33: accepted as a proof before.)
// syncproof-args: --block 256 --grid 1:65535
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void epilogue(const float* acc, float* out, float alpha) {
  __shared__ alignas(128) float tile[1024];
  unsigned t = threadIdx.x;
  for (unsigned i = t; i < 1024; i += 256)
    tile[i] = alpha * acc[blockIdx.x * 1024 + i];
  ptx::fence_proxy_async(ptx::space_global);
  __syncthreads();
  if (t == 0) {
    ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, out + blockIdx.x * 1024, tile, 4096u);  // expected-async-copy {{fence.proxy.async: the bulk store reads 'tile' through the async proxy}}
    ptx::cp_async_bulk_commit_group();
    ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>());
  }
}
