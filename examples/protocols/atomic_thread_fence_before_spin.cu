// Fan-in with standalone fences: blocks b > 0 store partial[b], fence with release at device
// scope, and fetch_add(relaxed); block 0 spins with relaxed loads until the count is
// gridDim.x - 1 and reads the values.
// Bug: block 0's acquire fence is placed before the spin loop instead of after it. An acquire
// fence only orders accesses after it behind strong reads before it; the loads of the loop
// come after the fence, so nothing orders the reads of partial[] after the load that saw the
// final count (missing acquire). Reported at the loop as ordering, not as a race on partial.
// syncproof-args: --block 256 --grid 1:65535
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
      cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
      while (cnt.load(cuda::memory_order_relaxed) < gridDim.x - 1) {}  // expected-ordering {{missing acquire}}
    }
    __syncthreads();
    float s = 0.0f;
    for (unsigned i = t + 1; i < gridDim.x; i += 256)
      s += partial[i];
    out[t] = s;
  }
}
