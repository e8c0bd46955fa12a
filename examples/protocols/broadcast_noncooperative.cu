// Broadcast of one value: block 0 computes a scale factor, stores it and sets a flag
// (release); every other block waits for the flag (acquire) and uses the scale. Plain <<<>>>
// launch of up to 65535 blocks.
// Bug: all blocks but one wait for block 0, and CUDA does not promise that block 0 is started
// first or is resident with the waiters: if the device fills up with waiting blocks before
// block 0 starts, it never starts. (Compare counter_index_ok.cu: there one block waits for
// blocks that never wait, which is safe without co-residency.)
// syncproof-args: --block 256 --grid 1:65535

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
      while (flag.load(cuda::memory_order_acquire) == 0u) {}  // expected-deadlock {{co-resident}}
    __syncthreads();
    out[b * 256 + t] = x[b * 256 + t] * *scale;
  }
}
