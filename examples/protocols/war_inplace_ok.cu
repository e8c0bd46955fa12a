// Write-after-read between blocks, in place: block b reads its right neighbour's row in[b + 1]
// (a stencil), then thread 0 publishes "done reading" with a release; block b + 1 waits for that
// signal (acquire) before it overwrites its own row in place. Correct: the neighbour's reads
// happen before the overwrite (release -> acquire on consumed[b + 1]); the last block has no
// right neighbour, and row 0 is read by no one, so block 0 writes without waiting.
// Blocks wait for each other, so the launch is cooperative. (consumed[] is 0 at launch.)
// syncproof-args: --block 256 --grid 2:128 --cooperative
// expected-no-diagnostics
#include <cuda/atomic>

__global__ void smooth_in_place(float* in, unsigned* consumed) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  float right = b + 1 < gridDim.x ? in[(b + 1) * 256 + t] : 0.0f;
  __syncthreads();
  if (t == 0 && b + 1 < gridDim.x) {
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> done(consumed[b + 1]);
    done.store(1u, cuda::memory_order_release);
  }
  if (t == 0 && b > 0) {
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> mine(consumed[b]);
    while (mine.load(cuda::memory_order_acquire) == 0u) {}
  }
  __syncthreads();
  in[b * 256 + t] = 0.5f * (in[b * 256 + t] + right);
}
