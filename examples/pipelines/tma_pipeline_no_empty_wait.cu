// Same warp-specialized 2-stage TMA pipeline as tma_pipeline_ok.cu (producer warpgroup 0,
// consumer warpgroups 1-2, full/empty mbarriers per stage), but the producer never waits on
// empty[s]: the consumers still arrive on it, nobody waits.
// Bug: for k >= 2 the producer refills stage s = k % 2 while the 256 consumers may still be
// reading tile k - 2 from it (the producer runs ahead as far as the copies allow). The bulk
// copy overwrites a page whose previous contents are still in use: reported at the refill.
// Second consequence, also a finding: with nothing throttling it, the producer's
// arrive.expect_tx for round r + 1 of full[s] can execute before phase r of full[s] has
// completed (its bytes still in flight), so it lands in phase r (pending count already 0):
// reported at that arrive.
// syncproof-args: --block 384 --grid 1:65535 --param ktiles=1:1024
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
  if (t < 128) {  // producer warpgroup
    if (t == 0)
      for (int k = 0; k < ktiles; k++) {
        int s = k % 2;
        ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full[s], 1024u);  // expected-mbarrier {{previous phase}}
        ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, buf[s], in + (blockIdx.x * ktiles + k) * 256, 1024u, &full[s]);  // expected-page-reuse {{still in use}}
      }
  } else {  // consumer warpgroups 1-2
    unsigned c = t - 128;
    float acc = 0.0f;
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
