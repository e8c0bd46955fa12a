// One producer thread arrives on 'full' (count 1) and only then announces the copy's bytes
// with a separate expect_tx and issues the bulk copy. Bug: the plain arrival takes the
// pending count to zero while the transaction count is still zero, so phase 0 completes at
// once; the expect_tx and the copy land in phase 1, and every wait for parity 0 passes before
// the tile arrives (a read of the copy in flight). Before session 14 syncproof balanced the
// phase's announced and delivered bytes without their order and proved this kernel.
// syncproof-args: --block 256 --grid 1:65535
#include <cuda/ptx>
namespace ptx = cuda::ptx;
__global__ void k(const float* in, float* out) {
  __shared__ alignas(128) float tile[256];
  __shared__ alignas(8) cuda::std::uint64_t full;
  unsigned t = threadIdx.x;
  if (t == 0) {
    ptx::mbarrier_init(&full, 1);
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  if (t == 0) {
    (void)ptx::mbarrier_arrive(&full);
    ptx::mbarrier_expect_tx(ptx::sem_relaxed, ptx::scope_cta, ptx::space_shared, &full, 1024u);  // expected-mbarrier {{tx bytes announced too late: thread 0}}
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, tile, in + blockIdx.x * 256, 1024u, &full);
  }
  while (!ptx::mbarrier_try_wait_parity(&full, 0u)) {}
  out[blockIdx.x * 256 + t] = tile[t];
}
