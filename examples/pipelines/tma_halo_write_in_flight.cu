// Same halo stencil as tma_halo_ok.cu, but the right halo is zeroed at tile[1039 + t]
// (off by one: the interior ends at tile[1039]).
// Bug: thread 0's halo store writes tile[1039], the last interior cell, which the bulk copy
// also writes, while the copy may be in flight (a generic write racing an async-proxy write
// of the same bytes; whichever lands last wins). Reported at that store.
// syncproof-args: --block 256 --grid 1:65535
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
    tile[1039 + t] = 0.0f;  // expected-async-copy {{in flight}}
  }
  while (!ptx::mbarrier_try_wait_parity(&full, 0u)) {
  }
  __syncthreads();
  for (unsigned i = t; i < 1024; i += 256)
    out[blockIdx.x * 1024 + i] = 0.25f * tile[i + 15] + 0.5f * tile[i + 16] + 0.25f * tile[i + 17];
}
