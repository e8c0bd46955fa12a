// A bulk copy of 1008 bytes into tile + 1 (4 bytes past a 128-byte aligned base) from
// in + blockIdx.x * 256 + 1. The PTX ISA requires cp.async.bulk's shared and global addresses
// to be 16-byte aligned; a misaligned copy is undefined behaviour. Before session 15 the
// kernel was proved; both addresses are now reported as not proved aligned.
// syncproof-args: --block 256 --grid 1:65535
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void load_shifted(const float* in, float* out) {
  __shared__ alignas(128) float tile[256];
  __shared__ alignas(8) cuda::std::uint64_t full;
  unsigned t = threadIdx.x;
  if (t == 0) {
    ptx::mbarrier_init(&full, 1);
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  if (t == 0) {
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full, 1008u);
    // expected-unknown@+2 {{shared address 'tile + 1' of 'cuda::ptx::cp_async_bulk' may not be 16-byte aligned}}
    // expected-unknown@+1 {{global address in 'in' of 'cuda::ptx::cp_async_bulk' may not be 16-byte aligned}}
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, tile + 1, in + blockIdx.x * 256 + 1, 1008u, &full);
  }
  while (!ptx::mbarrier_try_wait_parity(&full, 0u)) {
  }
  if (t >= 1 && t < 253) out[blockIdx.x * 256 + t] = tile[t];
}
