// Simplified decoupled look-back (single-pass scan across blocks): block b reduces its 256
// inputs, thread 0 waits until flag[b - 1] is set (acquire), reads the inclusive prefix
// incl[b - 1] of its predecessor, stores its own inclusive prefix incl[b] and publishes it by
// setting flag[b] (release); then the block adds the exclusive prefix to its elements.
// Correct: incl[b - 1] is read after the acquire that observes block b - 1's release, which
// comes after block b - 1's store to incl[b - 1]. Block b waits for block b - 1, so all blocks
// must be co-resident: the launch is cooperative. (flag[] is 0 at launch.)
// syncproof-args: --block 256 --grid 1:128 --cooperative
// expected-no-diagnostics
#include <cuda/atomic>

__global__ void scan_blocks(const float* in, float* incl, unsigned* flag, float* out) {
  __shared__ float s[256];
  __shared__ float prefix;
  unsigned t = threadIdx.x, b = blockIdx.x;
  s[t] = in[b * 256 + t];
  __syncthreads();
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) {
    float p = 0.0f;
    if (b > 0) {
      cuda::atomic_ref<unsigned, cuda::thread_scope_device> prev(flag[b - 1]);
      while (prev.load(cuda::memory_order_acquire) == 0u) {}
      p = incl[b - 1];
    }
    incl[b] = p + s[0];
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> mine(flag[b]);
    mine.store(1u, cuda::memory_order_release);
    prefix = p;
  }
  __syncthreads();
  out[b * 256 + t] = prefix + in[b * 256 + t];
}
