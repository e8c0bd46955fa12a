// Thread 0 announces the bytes (expect_tx) and issues the copy; thread 32 makes the phase's
// only arrival (count 1), with nothing ordering the two. Bug: when thread 32 arrives first,
// phase 0 completes with a transaction count of zero, before the bytes are expected, and the
// waits pass before the copy lands. Before session 14 this was proved.
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
    ptx::mbarrier_expect_tx(ptx::sem_relaxed, ptx::scope_cta, ptx::space_shared, &full, 1024u);  // expected-mbarrier {{tx bytes announced too late: thread 0}}
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, tile, in + blockIdx.x * 256, 1024u, &full);
  }
  if (t == 32) (void)ptx::mbarrier_arrive(&full);
  while (!ptx::mbarrier_try_wait_parity(&full, 0u)) {}
  out[blockIdx.x * 256 + t] = tile[t];
}
