// Same as mbar_parity_ok.cu (one mbarrier, tile A in phase 0, tile B in phase 1), but the
// second wait was copy-pasted from the first and still waits for parity 0.
// Bug: try_wait.parity 0 succeeds as soon as phase 0 is the *immediately preceding* phase,
// i.e. at once: phase 0 completed before the first wait returned. Threads therefore read buf
// while the copy of tile B may still be writing it. Reported at the second wait (its parity
// names an already completed phase); the early reads are not reported separately.
// syncproof-args: --block 256 --grid 1:65535
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void two_tiles(const float* a, const float* b, float* out) {
  __shared__ alignas(128) float buf[1024];
  __shared__ alignas(8) cuda::std::uint64_t full;
  unsigned t = threadIdx.x;
  if (t == 0) {
    ptx::mbarrier_init(&full, 1);
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  if (t == 0) {
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full, 4096u);
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, buf, a + blockIdx.x * 1024, 4096u, &full);
  }
  while (!ptx::mbarrier_try_wait_parity(&full, 0u)) {
  }
  float acc = buf[t] + buf[t + 256] + buf[t + 512] + buf[t + 768];
  __syncthreads();
  if (t == 0) {
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full, 4096u);
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, buf, b + blockIdx.x * 1024, 4096u, &full);
  }
  while (!ptx::mbarrier_try_wait_parity(&full, 0u)) {  // expected-mbarrier {{parity}}
  }
  out[blockIdx.x * 256 + t] = acc * (buf[t] + buf[t + 256] + buf[t + 512] + buf[t + 768]);
}
