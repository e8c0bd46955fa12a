// Fan-in through a libcu++ atomic: blocks b > 0 store partial[b] and count themselves with
// fetch_add(1, memory_order_release); block 0 spins on a device-scope load(acquire).
// Bug: the producer's atomic_ref has thread_scope_block (atom.add.release.cta). Its scope does
// not contain block 0, so it is not morally strong with block 0's load and synchronizes with
// nothing outside its own block (scope too narrow; on hardware the count itself is still
// atomic, but partial[b] may be stale). Reported as one ordering finding at the narrow atomic.
// The grid is 2 blocks, so there is one producer and no second .cta atomic on count from
// another block (two such atomics would not be morally strong with each other either).
// syncproof-args: --block 256 --grid 2
#include <cuda/atomic>

__global__ void fan_in(const float* in, float* partial, unsigned* count, float* out) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  if (b > 0) {
    if (t == 0) {
      partial[b] = in[b];
      cuda::atomic_ref<unsigned, cuda::thread_scope_block> mine(*count);
      mine.fetch_add(1u, cuda::memory_order_release);  // expected-ordering {{scope}}
    }
  } else {
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> cnt(*count);
    if (t == 0)
      while (cnt.load(cuda::memory_order_acquire) < gridDim.x - 1) {}
    __syncthreads();
    float s = 0.0f;
    for (unsigned i = t + 1; i < gridDim.x; i += 256)
      s += partial[i];
    out[t] = s;
  }
}
