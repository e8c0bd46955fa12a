// Fan-in through a libcu++ atomic: blocks b > 0 store partial[b] and count themselves with
// fetch_add(1, memory_order_release); block 0 spins until the count is gridDim.x - 1.
// Bug: block 0 spins with load(memory_order_relaxed) (ld.relaxed.gpu) and has no fence after
// the loop, so its reads of partial[] are not ordered after the load that saw the final count
// (missing acquire). The partial[b] pair is reported as this ordering finding, not as a race.
// syncproof-args: --block 256 --grid 1:65535
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
      while (cnt.load(cuda::memory_order_relaxed) < gridDim.x - 1) {}  // expected-ordering {{missing acquire}}
    __syncthreads();
    float s = 0.0f;
    for (unsigned i = t + 1; i < gridDim.x; i += 256)
      s += partial[i];
    out[t] = s;
  }
}
