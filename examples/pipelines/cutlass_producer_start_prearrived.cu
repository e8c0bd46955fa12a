// cutlass_producer_start_ok.cu with consumers that also release each stage once up front (the
// other common start state: `empty` pre-arrived, the producer then waits with parity r & 1) while
// the producer keeps CUTLASS's parity (r & 1) ^ 1. Buggy: when the consumers' first arrivals come
// before the producer's first wait, phase 0 of 'empty' is complete, parity 1 names phase 1, and
// the producer waits for a release that needs its own fill: a deadlock in those executions.
// syncproof-args: --block 384 --grid 2 --param ktiles=4
#include <cuda/ptx>
namespace ptx = cuda::ptx;
__global__ void dot_pipeline(const float* in, float* out, int ktiles) {
  __shared__ alignas(128) float buf[2][256];
  __shared__ alignas(8) cuda::std::uint64_t full[2], empty[2];
  unsigned t = threadIdx.x;
  if (t == 0) {
    for (int s = 0; s < 2; s++) {
      ptx::mbarrier_init(&full[s], 1);
      ptx::mbarrier_init(&empty[s], 256);
    }
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  if (t < 128) {
    if (t == 0)
      for (int k = 0; k < ktiles; k++) {
        int s = k % 2, r = k / 2;
        while (!ptx::mbarrier_try_wait_parity(&empty[s], (r & 1) ^ 1)) {  // expected-mbarrier {{parity}} expected-deadlock {{never released}}
        }
        ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full[s], 1024u);
        ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, buf[s], in + (blockIdx.x * ktiles + k) * 256, 1024u, &full[s]);
      }
  } else {
    unsigned c = t - 128;
    float acc = 0.0f;
    for (int s = 0; s < 2; s++) (void)ptx::mbarrier_arrive(&empty[s]);  // both stages free
    for (int k = 0; k < ktiles; k++) {
      int s = k % 2, r = k / 2;
      while (!ptx::mbarrier_try_wait_parity(&full[s], r & 1)) {
      }
      acc += buf[s][c] * buf[s][255 - c];
      (void)ptx::mbarrier_arrive(&empty[s]);
    }
    out[blockIdx.x * 256 + c] = acc;
  }
}
