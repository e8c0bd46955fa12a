// Two blocks, each waiting for the other's counter, as in pair_signal_behind_named_barrier.cu,
// but the barrier before the signal is warp 1's own __syncwarp(), which warp 0 never joins:
// thread 32 signals at once and the kernel ends. The symbolic check takes any pair of warp
// barriers as a possible link (an over-approximation), so it cannot exclude a cycle, and the
// grid's step-by-step run only confirms that no thread is left blocked (unknown before session
// 18). The launch is fixed and every decision is a constant of it, so the concrete prover
// (docs/concrete.md) runs all 128 threads: each counter gets its one signal, every spin passes,
// no two accesses conflict. Correct: proved.
// syncproof-args: --block 64 --grid 2 --cooperative
// expected-no-diagnostics
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
      while (atomicAdd(&ctr[b ^ 1], 0) < 1) {
      }
    __syncwarp();
  }
  out[b * 64 + t] = 0.0f;
}
