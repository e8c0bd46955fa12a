// Fan-in with standalone fences: blocks b > 0 store partial[b], issue
// cuda::atomic_thread_fence(memory_order_release, thread_scope_device) and then a relaxed
// fetch_add; block 0 spins with relaxed loads and then issues
// cuda::atomic_thread_fence(memory_order_acquire, thread_scope_device).
// Correct: release fence + strong relaxed write is a release pattern; strong relaxed read +
// acquire fence is an acquire pattern; all at gpu scope, so they are morally strong and
// synchronize. Only block 0 waits, for blocks that never wait: no co-residency needed.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics
#include <cuda/atomic>

__global__ void fan_in(const float* in, float* partial, unsigned* count, float* out) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> cnt(*count);
  if (b > 0) {
    if (t == 0) {
      partial[b] = in[b];
      cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
      cnt.fetch_add(1u, cuda::memory_order_relaxed);
    }
  } else {
    if (t == 0) {
      while (cnt.load(cuda::memory_order_relaxed) < gridDim.x - 1) {}
      cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
    }
    __syncthreads();
    float s = 0.0f;
    for (unsigned i = t + 1; i < gridDim.x; i += 256)
      s += partial[i];
    out[t] = s;
  }
}
