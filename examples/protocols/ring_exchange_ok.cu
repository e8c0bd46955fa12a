// Halo exchange around a ring of blocks: block b stores its halo, publishes it by setting
// flag[b] (release), then waits for its right neighbour's flag (acquire) and reads its halo.
// Correct: every block publishes before it waits, so every wait is satisfied by a block that
// does not depend on it; the halo is read after the acquire. Each block waits for another,
// so the launch is cooperative. (flag[] is 0 at launch.)
// syncproof-args: --block 256 --grid 2:128 --cooperative
// expected-no-diagnostics

#include <cuda/atomic>

__global__ void ring_halo(const float* x, float* halo, unsigned* flag, float* out) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  unsigned r = (b + 1) % gridDim.x;           // right neighbour in the ring
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> mine(flag[b]), theirs(flag[r]);
  halo[b * 256 + t] = x[b * 256 + t] * 0.25f;
  __syncthreads();
  if (t == 0) {
    mine.store(1u, cuda::memory_order_release);
    while (theirs.load(cuda::memory_order_acquire) == 0u) {}
  }
  __syncthreads();
  out[b * 256 + t] = x[b * 256 + t] + halo[r * 256 + t];
}
