// Fan-in through a libcu++ atomic: blocks b > 0 store partial[b] and count themselves.
// Bug: the signal is fetch_add(1, memory_order_acquire) - the order of the await pasted onto
// the signal. An acquire RMW orders later accesses after it, not the earlier store to
// partial[b] before it (missing release). Reported as ordering, not as a race on partial.
// syncproof-args: --block 256 --grid 1:65535
#include <cuda/atomic>

__global__ void fan_in(const float* in, float* partial, unsigned* count, float* out) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> cnt(*count);
  if (b > 0) {
    if (t == 0) {
      partial[b] = in[b];
      cnt.fetch_add(1u, cuda::memory_order_acquire);  // expected-ordering {{missing release}}
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
