// A 4 KiB tile assembled from two 2 KiB rows (two cp.async.bulk copies) completing on one
// mbarrier, written with cuda::ptx (CUDA 13 <cuda/ptx>): mbarrier_init(count 1),
// fence_proxy_async(shared), mbarrier_arrive_expect_tx(release, cta, shared, 4096) by thread
// 0, cp_async_bulk(shared, global, ...) x 2, mbarrier_try_wait_parity(&full, 0) by all.
// Correct: expect_tx announces 4096 bytes and the two copies deliver 2 x 2048 = 4096, so
// phase 0 completes exactly when both rows have landed.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void gather_rows(const float* in, const int* rows, float* out) {
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
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, tile, in + rows[2 * blockIdx.x] * 512, 2048u, &full);
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, tile + 512, in + rows[2 * blockIdx.x + 1] * 512, 2048u, &full);
  }
  while (!ptx::mbarrier_try_wait_parity(&full, 0u)) {
  }
  for (unsigned i = t; i < 1024; i += 256)
    out[blockIdx.x * 1024 + i] = tile[i];
}
