// Serial split-K reduction with a per-tile semaphore (as CUTLASS's Semaphore): block
// (tile = blockIdx.x, s = blockIdx.y) holds the partial product of k-slice s for its output
// tile. Thread 0 waits until sem[tile] == s (acquire), the block adds its partial into
// out[tile], and thread 0 then sets sem[tile] = s + 1 (release) to hand the tile to slice s + 1.
// Correct: the accumulations into out[tile] are totally ordered s = 0, 1, ...: each happens
// before the release that the next slice acquires. Slices wait for each other, so the launch
// is cooperative (co-resident). `!= s` cannot miss its value: sem[tile] leaves s only by this
// block's own store. (sem[] is 0 and out[] holds the bias at launch.)
// syncproof-args: --block 256 --grid 16,4 --cooperative
// expected-no-diagnostics
#include <cuda/atomic>

__global__ void splitk_serial(const float* part, float* out, unsigned* sem) {
  unsigned t = threadIdx.x, tile = blockIdx.x, s = blockIdx.y;
  float acc = part[(s * 16 + tile) * 256 + t];
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> lock(sem[tile]);
  if (t == 0)
    while (lock.load(cuda::memory_order_acquire) != s) {}
  __syncthreads();
  out[tile * 256 + t] += acc;
  __syncthreads();
  if (t == 0)
    lock.store(s + 1, cuda::memory_order_release);
}
