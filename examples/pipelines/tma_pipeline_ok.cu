// Warp-specialized TMA pipeline, 2 stages (the CUTLASS "full/empty" scheme, cuda::ptx).
// Block of 384 = 3 warpgroups: warpgroup 0 is the producer (thread 0 issues everything),
// warpgroups 1-2 (256 threads) are consumers. full[s] (count 1) completes when thread 0 has
// arrived with expect_tx(1024) and the 1024-byte bulk copy of tile k into buf[s] landed;
// empty[s] (count 256) completes when every consumer thread has read the stage and arrived.
// Tile k uses stage s = k % 2 for the r = k / 2-th time: consumers wait full[s] parity r & 1;
// the producer, before refilling s (r >= 1), waits empty[s] parity (r - 1) & 1.
// Correct: every read of buf[s] is after the full phase of its copy, and every refill is
// after the empty phase that all 256 readers of the previous tile completed.
// syncproof-args: --block 384 --grid 1:65535 --param ktiles=1:1024
// The true verdict is proved. syncproof today checks ktiles = 1..8 (each with its loops
// unrolled: no violation) and says so as a bounded result, i.e. unknown. The ring induction
// (docs/pipelines.md "Rings in loops") does not apply yet: the producer's wait on empty is
// guarded by `k >= 2`, so which iterations execute it depends on the iteration (the
// producer start state, parity 1 in the first round, is the form it proves:
// mbar_ring_kloop_ok.cu). ktiles fixed: see tma_pipeline_unrolled_ok.cu.
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
      for (int k = 0; k < ktiles; k++) {  // expected-unknown {{bounded: no violation for ktiles in [1, 8]}}
        int s = k % 2, r = k / 2;
        if (r >= 1)
          while (!ptx::mbarrier_try_wait_parity(&empty[s], (r - 1) & 1)) {  // expected-unknown {{depends on the iteration}}
          }
        ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full[s], 1024u);
        ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, buf[s], in + (blockIdx.x * ktiles + k) * 256, 1024u, &full[s]);
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
