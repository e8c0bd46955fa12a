// A 4 KiB TMA tile (cuda::ptx): thread 0 issues arrive.expect_tx 4096 on 'full' (count 1)
// and one 4096-byte cp.async.bulk; a __syncthreads() follows, then every thread reads its
// element, and only then waits for phase 0.
// Bug: the block barrier orders thread 0's *issue* of the copy before the reads, not the
// copy's completion: the async-proxy writes are made visible only by the completion of the
// mbarrier phase, observed by a wait (PTX ISA, cp.async.bulk / "Asynchronous operations").
// Reported at the read before the wait.
// syncproof-args: --block 128 --grid 1:65535
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
  }
  __syncthreads();
  out[blockIdx.x * 128 + t] = tile[t];  // expected-async-copy {{before completion}}
  while (!ptx::mbarrier_try_wait_parity(&full, 0u)) {
  }
}
