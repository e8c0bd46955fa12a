// A 4 KiB TMA tile (cuda::ptx) loaded and awaited by thread 0 alone: init 'full' (count 1)
// + fence.proxy.async, __syncthreads(); thread 0 issues arrive.expect_tx 4096 and one
// 4096-byte cp.async.bulk, then waits for phase 0 (try_wait.parity 0); a __syncthreads()
// follows, after which all 128 threads read the tile.
// Correct: thread 0's completed wait makes the copy's bytes visible to it (the completion
// of the bulk copy is followed by an implicit generic-async proxy fence, PTX ISA "Async
// proxy"), and the __syncthreads() after that wait orders them before every other thread's
// reads (barriers are cumulative). Only one thread needs to wait.
// syncproof-args: --block 128 --grid 1:65535
// expected-no-diagnostics
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void load_tile(const float* in, float* out) {
  __shared__ alignas(128) float tile[1024];
  __shared__ alignas(8) cuda::std::uint64_t full;
  unsigned t = threadIdx.x;
  if (t == 0) {
    ptx::mbarrier_init(&full, 1);
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  if (t == 0) {
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full, 4096u);
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, tile, in + blockIdx.x * 1024, 4096u, &full);
    while (!ptx::mbarrier_try_wait_parity(&full, 0u)) {
    }
  }
  __syncthreads();
  out[blockIdx.x * 128 + t] = tile[t];
}
