// Halo exchange around a ring of blocks, cooperative launch.
// Bug: block b first waits for its right neighbour's flag and only then publishes its own.
// Block b waits for b + 1, which waits for b + 2, ..., which waits for b: a cyclic wait around
// the whole ring (for 2 blocks, 0 and 1 wait for each other), so no block ever publishes.
// (The halo reads after the wait never execute, so there is no race on halo to report.)
// syncproof-args: --block 256 --grid 2:128 --cooperative

#include <cuda/atomic>

__global__ void ring_halo(const float* x, float* halo, unsigned* flag, float* out) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  unsigned r = (b + 1) % gridDim.x;           // right neighbour in the ring
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> mine(flag[b]), theirs(flag[r]);
  halo[b * 256 + t] = x[b * 256 + t] * 0.25f;
  __syncthreads();
  if (t == 0) {
    while (theirs.load(cuda::memory_order_acquire) == 0u) {}  // expected-deadlock {{cycle}}
    mine.store(1u, cuda::memory_order_release);
  }
  __syncthreads();
  out[b * 256 + t] = x[b * 256 + t] + halo[r * 256 + t];
}
