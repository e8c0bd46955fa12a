// Two blocks, each waiting for the other's counter, as in pair_signal_behind_named_barrier.cu,
// but the barrier before the signal is warp 1's own __syncwarp(), which warp 0 never joins:
// thread 32 signals at once and the kernel ends. The symbolic check takes any pair of warp
// barriers as a possible link (an over-approximation), so it cannot exclude a cycle; the grid
// (fixed, 2 blocks) is then run step by step (docs/memory-model.md, step 5), and every thread
// finishes. A finished run is not a proof (it covers the steps it lists), so the verdict
// stays unknown: what this file pins down is that the run does not invent a deadlock.
// syncproof-args: --block 64 --grid 2 --cooperative
__global__ void exchange_other_warp(float* out, unsigned* ctr) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  if (t >= 32) {
    __syncwarp();
    if (t == 32) {
      __threadfence();
      atomicAdd(&ctr[b], 1);
    }
  } else {
    if (t == 0)
      while (atomicAdd(&ctr[b ^ 1], 0) < 1) {  // expected-unknown {{possible cycle}}
      }
    __syncwarp();
  }
  out[b * 64 + t] = 0.0f;
}
