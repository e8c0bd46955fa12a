// Producer/consumer chain (a first-order recurrence across blocks): block b waits until
// block b - 1 has published its row, then computes row b = in[b] + 0.5 * row b - 1 and
// publishes it. Written with legacy primitives: the wait is a volatile spin followed by
// __threadfence() (acquire pattern), the publish is __threadfence() then atomicExch (release
// pattern); __syncthreads() carries the ordering to and from the other threads of the block.
// Correct. Block b waits for block b - 1, so the launch is cooperative (co-resident).
// (ready[] is 0 at launch.)
// syncproof-args: --block 256 --grid 1:128 --cooperative
// expected-no-diagnostics

__global__ void chain(const float* in, float* data, unsigned* ready) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  float v = in[b * 256 + t];
  if (b > 0) {
    if (t == 0) {
      while (*(volatile unsigned*)&ready[b - 1] == 0u) {}
      __threadfence();
    }
    __syncthreads();
    v += 0.5f * data[(b - 1) * 256 + t];
  }
  data[b * 256 + t] = v;
  __syncthreads();
  if (t == 0) {
    __threadfence();
    atomicExch(&ready[b], 1u);
  }
}
