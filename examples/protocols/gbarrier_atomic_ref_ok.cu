// Grid barrier written with cuda::atomic_ref: thread 0 of every block stores the block's
// partial value, arrives with fetch_add(1, memory_order_release) and waits with
// load(memory_order_acquire) until all gridDim.x blocks have arrived; then every thread reads
// all partial values.
// Correct: each block arrives before it waits, so the count reaches gridDim.x; release/acquire
// at device scope order the partial values. Cooperative launch: all blocks co-resident.
// (arrived is 0 at launch.)
// syncproof-args: --block 256 --grid 1:1024 --cooperative
// expected-no-diagnostics
#include <cuda/atomic>

__global__ void normalise(float* x, float* partial, unsigned* arrived) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> bar(*arrived);
  if (t == 0) {
    partial[b] = x[b * 256];
    bar.fetch_add(1u, cuda::memory_order_release);
    while (bar.load(cuda::memory_order_acquire) < gridDim.x) {}
  }
  __syncthreads();
  float total = 0.0f;
  for (unsigned i = 0; i < gridDim.x; i++)
    total += partial[i];
  x[b * 256 + t] /= total;
}
