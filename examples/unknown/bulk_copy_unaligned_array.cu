// A bulk copy into a shared array declared without alignas: `__shared__ float tile[256]` is
// only guaranteed 4-byte alignment, and cp.async.bulk needs a 16-byte aligned shared address
// (PTX ISA). The offset is 0, but the base is not known to be aligned: reported as not
// proved (declare the array alignas(16) or more, as bulk_copy_size_not_16.cu and every
// pipeline example do). Proved before session 15.
// syncproof-args: --block 256 --grid 1:65535
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void load(const float* in, float* out) {
  __shared__ float tile[256];
  __shared__ alignas(8) cuda::std::uint64_t full;
  unsigned t = threadIdx.x;
  if (t == 0) {
    ptx::mbarrier_init(&full, 1);
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  if (t == 0) {
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full, 1024u);
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, tile, in + blockIdx.x * 256, 1024u, &full);  // expected-unknown {{declared with 4-byte alignment}}
  }
  while (!ptx::mbarrier_try_wait_parity(&full, 0u)) {
  }
  out[blockIdx.x * 256 + t] = tile[t];
}
