// Stream-K style fixup: each output tile (tm = blockIdx.y, tn = blockIdx.x) is computed by a
// helper (blockIdx.z == 1), which stores its partial in workspace[tile] and sets flags[tile],
// and an owner (blockIdx.z == 0), which waits for the flag and adds the helper's partial.
// Bug: the owner computes the flag index column-major (tn * 4 + tm) while the helper uses
// row-major (tm * 4 + tn). On this square 4x4 grid every flag is still set by some helper, so
// nothing hangs, but the owner of tile (tm, tn) waits for the helper of tile (tn, tm) and reads
// workspace[tile] unordered with its own helper's store: a race on workspace, reported at the
// helper's store (the wait is real, just on the wrong block's flag).
// syncproof-args: --block 256 --grid 4,4,2 --cooperative
#include <cuda/atomic>

__global__ void streamk_fixup(const float* part, float* workspace, unsigned* flags, float* out) {
  unsigned t = threadIdx.x;
  unsigned tile = blockIdx.y * 4 + blockIdx.x;
  float acc = part[(blockIdx.z * 16 + tile) * 256 + t];
  if (blockIdx.z == 1) {
    workspace[tile * 256 + t] = acc;  // expected-race {{data race on 'workspace' (global memory, between blocks)}}
    __syncthreads();
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> done(flags[tile]);
    if (t == 0)
      done.store(1u, cuda::memory_order_release);
  } else {
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> done(flags[blockIdx.x * 4 + blockIdx.y]);
    if (t == 0)
      while (done.load(cuda::memory_order_acquire) == 0u) {}
    __syncthreads();
    out[tile * 256 + t] = acc + workspace[tile * 256 + t];
  }
}
