// Fan-in through a libcu++ atomic: blocks b > 0 store partial[b] and count themselves with
// fetch_add; block 0 spins on load(memory_order_acquire) until the count is gridDim.x - 1.
// Bug: the fetch_add is memory_order_relaxed (atom.add.relaxed.gpu), so the store to
// partial[b] is not ordered before it: block 0 may see the count and a stale partial[b]
// (missing release). The partial[b] pair is reported as this ordering finding, not as a race.
// syncproof-args: --block 256 --grid 1:65535
#include <cuda/atomic>

__global__ void fan_in(const float* in, float* partial, unsigned* count, float* out) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> cnt(*count);
  if (b > 0) {
    if (t == 0) {
      partial[b] = in[b];
      cnt.fetch_add(1u, cuda::memory_order_relaxed);  // expected-ordering {{missing release}}
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
