// One mbarrier reused for two consecutive TMA tiles (cuda::ptx): thread 0 loads tile A into
// buf (phase 0), everyone waits parity 0 and reduces it into 'acc'; after __syncthreads()
// (nobody reads buf any more) thread 0 loads tile B into the same buf (phase 1) and everyone
// waits parity 1.
// Correct: phase k of 'full' has parity k & 1; each wait names the phase of the copy whose
// data it reads, and the refill of buf comes after a block barrier that follows every read
// of tile A (and the generic reads before it need no proxy fence: they are reads).
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics
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
  while (!ptx::mbarrier_try_wait_parity(&full, 1u)) {
  }
  out[blockIdx.x * 256 + t] = acc * (buf[t] + buf[t + 256] + buf[t + 512] + buf[t + 768]);
}
