// A producer warp that joins the consumers' named barrier *before* it issues the bulk copy
// the consumers wait for. Block of 288: warp 0 is the producer, warps 1-8 (256 threads) the
// consumers. Every count is right — barrier 1 is executed once by all 288 threads with count
// 288, 'full' (count 1) gets its one arrival and its 1024 transaction bytes — but the order
// is cyclic: the producer waits at 'bar.sync 1, 288' for the consumers, and the consumers
// wait for phase 0 of 'full' before they reach that barrier; the arrival and the copy come
// after the producer's barrier. Every execution hangs. (Fix: named_bar_after_copy_ok.cu.)
// syncproof-args: --block 288 --grid 1:65535
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void stage_then_sync(const float* in, float* out) {
  __shared__ alignas(128) float buf[256];
  __shared__ alignas(8) cuda::std::uint64_t full;
  unsigned t = threadIdx.x;
  if (t == 0) {
    ptx::mbarrier_init(&full, 1);
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  if (t < 32) {  // producer warp: "wait until the consumers are ready", then load
    asm volatile("bar.sync 1, 288;" ::: "memory");
    if (t == 0) {
      ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full, 1024u);
      ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, buf, in + blockIdx.x * 256, 1024u, &full);
    }
  } else {  // consumers
    unsigned c = t - 32;
    while (!ptx::mbarrier_try_wait_parity(&full, 0)) {  // expected-deadlock {{cyclic wait}}
    }
    float v = buf[c];
    asm volatile("bar.sync 1, 288;" ::: "memory");
    out[blockIdx.x * 256 + c] = v;
  }
}
