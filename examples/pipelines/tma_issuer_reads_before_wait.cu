// A 4 KiB TMA tile (cuda::ptx): thread 0 issues arrive.expect_tx 4096 on 'full' (count 1)
// and one 4096-byte cp.async.bulk, and immediately peeks at tile[5] (stored to
// peek[blockIdx.x]); then every thread waits for phase 0 and reads its element.
// Bug: issuing the copy does not make its bytes visible, not even to the issuing thread:
// the destination may be read only after the completion is observed through the mbarrier
// (PTX ISA, "Asynchronous operations": reading the destination before the operation
// completes is undefined). Reported at the peek; the reads after the wait are fine.
// syncproof-args: --block 128 --grid 1:65535
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void load_tile(const float* in, float* out, float* peek) {
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
    peek[blockIdx.x] = tile[5];  // expected-async-copy {{before completion}}
  }
  while (!ptx::mbarrier_try_wait_parity(&full, 0u)) {
  }
  out[blockIdx.x * 128 + t] = tile[t];
}
