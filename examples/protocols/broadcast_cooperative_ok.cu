// Broadcast of one value: block 0 computes a scale factor, stores it and sets a flag
// (release); every other block waits for the flag (acquire) and uses the scale.
// Correct: the scale is read after the acquire that observes the release. Blocks 1.. wait for
// block 0, so block 0 must be resident with them: the launch is cooperative.
// (ready is 0 at launch.)
// syncproof-args: --block 256 --grid 1:1024 --cooperative
// expected-no-diagnostics

#include <cuda/atomic>

__global__ void scale_all(const float* x, float* scale, unsigned* ready, float* out) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> flag(*ready);
  if (b == 0) {
    if (t == 0) {
      float m = 0.0f;
      for (unsigned i = 0; i < 256; i++)
        m = fmaxf(m, fabsf(x[i]));
      *scale = 1.0f / m;
      flag.store(1u, cuda::memory_order_release);
    }
  } else {
    if (t == 0)
      while (flag.load(cuda::memory_order_acquire) == 0u) {}
    __syncthreads();
    out[b * 256 + t] = x[b * 256 + t] * *scale;
  }
}
