// Fan-in through a libcu++ atomic using the default memory order: fetch_add(1) and load()
// are memory_order_seq_cst (fence.sc.gpu followed by the atomic), which is at least
// release on the signal and acquire on the await.
// Correct: same protocol as atomic_ref_release_acquire_ok.cu with stronger orders.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics
#include <cuda/atomic>

__global__ void fan_in(const float* in, float* partial, unsigned* count, float* out) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> cnt(*count);
  if (b > 0) {
    if (t == 0) {
      partial[b] = in[b];
      cnt.fetch_add(1u);
    }
  } else {
    if (t == 0)
      while (cnt.load() < gridDim.x - 1) {}
    __syncthreads();
    float s = 0.0f;
    for (unsigned i = t + 1; i < gridDim.x; i += 256)
      s += partial[i];
    out[t] = s;
  }
}
