// Stream-K style fixup: each 256-element output tile (tile = blockIdx.y * gridDim.x +
// blockIdx.x) is computed by two blocks. The helper (blockIdx.z == 1) does the first half of
// the k-range, stores its partial tile in workspace[tile] and sets flags[tile] (release); the
// owner (blockIdx.z == 0) does the second half, waits for flags[tile] (acquire), adds the
// helper's partial and writes the tile.
// Correct: the owner reads workspace[tile] after acquiring the flag its own helper released.
// The owner waits for another block, so the launch is cooperative (as a persistent stream-K
// grid sized to the machine is). (flags[] is 0 at launch.)
// syncproof-args: --block 256 --grid 4,4,2 --cooperative
// expected-no-diagnostics
#include <cuda/atomic>

__global__ void streamk_fixup(const float* part, float* workspace, unsigned* flags, float* out) {
  unsigned t = threadIdx.x;
  unsigned tile = blockIdx.y * 4 + blockIdx.x;
  float acc = part[(blockIdx.z * 16 + tile) * 256 + t];
  if (blockIdx.z == 1) {
    workspace[tile * 256 + t] = acc;
    __syncthreads();
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> done(flags[tile]);
    if (t == 0)
      done.store(1u, cuda::memory_order_release);
  } else {
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> done(flags[tile]);
    if (t == 0)
      while (done.load(cuda::memory_order_acquire) == 0u) {}
    __syncthreads();
    out[tile * 256 + t] = acc + workspace[tile * 256 + t];
  }
}
