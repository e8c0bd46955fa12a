// Same warp-specialized 2-stage TMA pipeline as tma_pipeline_ok.cu (producer warpgroup 0,
// consumer warpgroups 1-2, full/empty mbarriers per stage).
// Bug: the consumer loop was reordered so that it reads buf[s] *before* waiting on full[s]
// ("prefetch into registers"). Tile k's copy may still be in flight (or, for k >= 2, not
// even issued: the previous tile is still there). Reported at the read (once per element
// read: the two reads of the line are two accesses); the wait after it is harmless.
// ktiles is a range: syncproof checks ktiles = 1, 2, ... with the loops unrolled and reports
// the first value with a violation (here ktiles = 1).
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
        int s = k % 2, r = k / 2;
        if (r >= 1)
          while (!ptx::mbarrier_try_wait_parity(&empty[s], (r - 1) & 1)) {
          }
        ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full[s], 1024u);
        ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, buf[s], in + (blockIdx.x * ktiles + k) * 256, 1024u, &full[s]);
      }
  } else {  // consumer warpgroups 1-2
    unsigned c = t - 128;
    float acc = 0.0f;
    for (int k = 0; k < ktiles; k++) {
      int s = k % 2, r = k / 2;
      acc += buf[s][c] * buf[s][255 - c];  // expected-async-copy {{before completion: read 'buf[s][c]'}}
      // expected-async-copy@-1 {{before completion: read 'buf[s][255 - c]'}}
      while (!ptx::mbarrier_try_wait_parity(&full[s], r & 1)) {
      }
      (void)ptx::mbarrier_arrive(&empty[s]);
    }
    out[blockIdx.x * 256 + c] = acc;
  }
}
