// A two-stage TMA pipeline written the CUTLASS way: the producer waits on 'empty[s]' with
// parity (r & 1) ^ 1 from the first round on. In round 0 that names the phase before phase 0,
// so the wait passes at once (PTX ISA: try_wait.parity succeeds when the current phase's parity
// differs) - by design, since the consumers cannot release a stage before its first fill.
// syncproof shows it: with the producer stopped before that wait, the arrivals on 'empty' stay
// below its count, so phase 0 needs the producer to pass the wait first (docs/pipelines.md
// "Phases"). Before session 14 this idiom was 3 false violations (parity, arrival count, never
// released).
// syncproof-args: --block 384 --grid 1:65535 --param ktiles=4
// expected-no-diagnostics
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
        while (!ptx::mbarrier_try_wait_parity(&empty[s], (r & 1) ^ 1)) {
        }
        ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full[s], 1024u);
        ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, buf[s], in + (blockIdx.x * ktiles + k) * 256, 1024u, &full[s]);
      }
  } else {
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
