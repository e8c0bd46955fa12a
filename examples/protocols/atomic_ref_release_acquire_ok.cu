// Fan-in through a libcu++ atomic: blocks b > 0 store partial[b] and count themselves with
// cuda::atomic_ref<unsigned, thread_scope_device>::fetch_add(1, memory_order_release); block 0
// spins on load(memory_order_acquire) until the count is gridDim.x - 1 and reads the values.
// Correct: atom.add.release.gpu / ld.acquire.gpu are morally strong (same location, both gpu
// scope), so each release synchronizes with the acquire that observes it (directly or through
// later fetch_adds). Only block 0 waits, for blocks that never wait: no co-residency needed.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics
#include <cuda/atomic>

__global__ void fan_in(const float* in, float* partial, unsigned* count, float* out) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> cnt(*count);
  if (b > 0) {
    if (t == 0) {
      partial[b] = in[b];
      cnt.fetch_add(1u, cuda::memory_order_release);
    }
  } else {
    if (t == 0)
      while (cnt.load(cuda::memory_order_acquire) < gridDim.x - 1) {}
    __syncthreads();
    float s = 0.0f;
    for (unsigned i = t + 1; i < gridDim.x; i += 256)
      s += partial[i];
    out[t] = s;
  }
}
