// A bulk copy of 1020 bytes (255 floats). The PTX ISA requires the size of cp.async.bulk to be
// a multiple of 16; otherwise the behaviour is undefined. Before session 14 the kernel was
// proved; now the copy is not modelled (unknown), with the reason, and the phase's bytes, which then
// look undelivered, are only a possible finding.
// syncproof-args: --block 256 --grid 1:65535
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void load(const float* in, float* out) {
  __shared__ alignas(128) float tile[256];
  __shared__ alignas(8) cuda::std::uint64_t full;
  unsigned t = threadIdx.x;
  if (t == 0) {
    ptx::mbarrier_init(&full, 1);
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  if (t == 0) {
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full, 1020u);  // expected-unknown {{possible tx bytes}}
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, tile, in + blockIdx.x * 256, 1020u, &full);  // expected-unknown {{must be a multiple of 16}}
  }
  while (!ptx::mbarrier_try_wait_parity(&full, 0u)) {
  }
  if (t < 255) out[blockIdx.x * 256 + t] = tile[t];
}
