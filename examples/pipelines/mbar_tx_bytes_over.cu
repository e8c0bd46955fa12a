// Same as mbar_tx_bytes_ok.cu (two 2048-byte cp_async_bulk copies completing on 'full'),
// but thread 0 announces only the first row: expect_tx(2048).
// Bug: the copies deliver 4096 bytes. The tx-count of phase 0 reaches 0 once any 2048 bytes
// have landed, so the phase can complete while half of 'tile' is still being written; the
// readers then read bytes of an incomplete copy, and the remaining complete_tx land in
// phase 1. Reported at the expect_tx; the early reads are not reported separately.
// syncproof-args: --block 256 --grid 1:65535
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
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full, 2048u);  // expected-mbarrier {{tx bytes}}
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, tile, in + rows[2 * blockIdx.x] * 512, 2048u, &full);
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, tile + 512, in + rows[2 * blockIdx.x + 1] * 512, 2048u, &full);
  }
  while (!ptx::mbarrier_try_wait_parity(&full, 0u)) {
  }
  for (unsigned i = t; i < 1024; i += 256)
    out[blockIdx.x * 1024 + i] = tile[i];
}
