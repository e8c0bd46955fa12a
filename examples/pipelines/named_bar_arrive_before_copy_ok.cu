// The producer signals "ready" with bar.arrive, which counts towards the instance without
// waiting for it (PTX ISA: barrier), then issues the copy; the consumers wait for phase 0 of
// 'full' and then bar.sync 1, 288 — 32 arrivals + 256 waits complete the instance. Unlike
// named_bar_before_copy_cycle.cu (bar.sync there), nothing blocks the producer.
// syncproof-args: --block 288 --grid 1:65535
// expected-no-diagnostics
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void arrive_then_load(const float* in, float* out) {
  __shared__ alignas(128) float buf[256];
  __shared__ alignas(8) cuda::std::uint64_t full;
  unsigned t = threadIdx.x;
  if (t == 0) {
    ptx::mbarrier_init(&full, 1);
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  if (t < 32) {
    asm volatile("bar.arrive 1, 288;" ::: "memory");
    if (t == 0) {
      ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full, 1024u);
      ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, buf, in + blockIdx.x * 256, 1024u, &full);
    }
  } else {
    unsigned c = t - 32;
    while (!ptx::mbarrier_try_wait_parity(&full, 0)) {
    }
    float v = buf[c];
    asm volatile("bar.sync 1, 288;" ::: "memory");
    out[blockIdx.x * 256 + c] = v;
  }
}
