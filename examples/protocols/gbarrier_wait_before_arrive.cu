// Grid barrier written with cuda::atomic_ref, cooperative launch.
// Bug: thread 0 waits until all gridDim.x blocks have arrived before it counts its own block
// (the fetch_add comes after the spin). Every block needs its own arrival, which it only does
// after the wait completes: a wait on work the same block does later. No arrival can happen
// before the waits, so the target gridDim.x is never reached and the whole grid hangs.
// (The reads after the wait never execute, so there is no race on partial to report.)
// syncproof-args: --block 256 --grid 1:1024 --cooperative
#include <cuda/atomic>

__global__ void normalise(float* x, float* partial, unsigned* arrived) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> bar(*arrived);
  if (t == 0) {
    partial[b] = x[b * 256];
    while (bar.load(cuda::memory_order_acquire) < gridDim.x) {}  // expected-deadlock {{never reach}}
    bar.fetch_add(1u, cuda::memory_order_release);
  }
  __syncthreads();
  float total = 0.0f;
  for (unsigned i = 0; i < gridDim.x; i++)
    total += partial[i];
  x[b * 256 + t] /= total;
}
