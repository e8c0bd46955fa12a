// 1-D stencil over a TMA-loaded tile with a halo (cuda::ptx): thread 0 bulk-copies 1024
// interior floats into tile[16..1039] (complete_tx on 'full'); while the copy is in flight,
// threads 0-15 zero the halo cells tile[0..15] and tile[1040..1055]; everyone waits for
// phase 0, a __syncthreads() publishes the halo stores, and each output reads 3 cells.
// Correct: the generic halo stores never touch bytes the copy writes, so nothing is written
// while the copy to the same bytes is in flight; reads come after the wait and the barrier.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void stencil3(const float* in, float* out) {
  __shared__ alignas(128) float tile[1056];
  __shared__ alignas(8) cuda::std::uint64_t full;
  unsigned t = threadIdx.x;
  if (t == 0) {
    ptx::mbarrier_init(&full, 1);
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  if (t == 0) {
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full, 4096u);
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, tile + 16, in + blockIdx.x * 1024, 4096u, &full);
  }
  if (t < 16) {
    tile[t] = 0.0f;
    tile[1040 + t] = 0.0f;
  }
  while (!ptx::mbarrier_try_wait_parity(&full, 0u)) {
  }
  __syncthreads();
  for (unsigned i = t; i < 1024; i += 256)
    out[blockIdx.x * 1024 + i] = 0.25f * tile[i + 15] + 0.5f * tile[i + 16] + 0.25f * tile[i + 17];
}
