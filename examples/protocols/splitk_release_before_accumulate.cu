// Serial split-K reduction with a per-tile semaphore: block (tile, s) waits until
// sem[tile] == s, adds its partial product into out[tile], and hands the tile to slice s + 1.
// Bug: sem[tile] = s + 1 is released before the block accumulates, so slice s + 1 may add
// into out[tile] while slice s is still doing its read-modify-write. The release cannot cover
// accesses after it: a race on out between the two slices' `out[...] += acc` (read/write and
// write/write), not an ordering finding - the release exists, the accumulate is on the wrong
// side of it.
// syncproof-args: --block 256 --grid 16,4 --cooperative
#include <cuda/atomic>

__global__ void splitk_serial(const float* part, float* out, unsigned* sem) {
  unsigned t = threadIdx.x, tile = blockIdx.x, s = blockIdx.y;
  float acc = part[(s * 16 + tile) * 256 + t];
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> lock(sem[tile]);
  if (t == 0)
    while (lock.load(cuda::memory_order_acquire) != s) {}
  __syncthreads();
  if (t == 0)
    lock.store(s + 1, cuda::memory_order_release);
  out[tile * 256 + t] += acc;  // expected-race {{data race on 'out' (global memory, between blocks)}}
  // expected-race@-1 {{data race on 'out' (global memory, between blocks)}}  (write/write and write/read)
}
