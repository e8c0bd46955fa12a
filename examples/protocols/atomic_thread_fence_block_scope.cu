// Fan-in with standalone fences: blocks b > 0 store partial[b], fence, and fetch_add(relaxed);
// block 0 spins with relaxed loads and then fences with acquire at device scope.
// Bug: the producer's fence is cuda::atomic_thread_fence(memory_order_release,
// thread_scope_block): a cta-scope fence cannot form a release pattern towards block 0, whose
// thread is outside its scope (scope too narrow). Reported once at the narrow fence, as
// ordering (not as a race on partial).
// syncproof-args: --block 256 --grid 1:65535
#include <cuda/atomic>

__global__ void fan_in(const float* in, float* partial, unsigned* count, float* out) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> cnt(*count);
  if (b > 0) {
    if (t == 0) {
      partial[b] = in[b];
      cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block);  // expected-ordering {{scope}}
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
