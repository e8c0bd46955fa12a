// Simplified decoupled look-back (single-pass scan across blocks): block b reduces its 256
// inputs, waits until flag[b - 1] is set, combines its predecessor's inclusive prefix
// incl[b - 1] with its own sum, stores incl[b] and sets flag[b] (release).
// Bug: the predecessor's aggregate incl[b - 1] is read before the wait on flag[b - 1], so it
// can be read before block b - 1 has stored it. The acquire/release pair is right; the read
// is simply not after it: a race on incl between block b - 1's store and block b's load,
// reported at the store.
// syncproof-args: --block 256 --grid 1:128 --cooperative
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
      p = incl[b - 1];
      cuda::atomic_ref<unsigned, cuda::thread_scope_device> prev(flag[b - 1]);
      while (prev.load(cuda::memory_order_acquire) == 0u) {}
    }
    incl[b] = p + s[0];  // expected-race {{data race on 'incl' (global memory, between blocks)}}
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> mine(flag[b]);
    mine.store(1u, cuda::memory_order_release);
    prefix = p;
  }
  __syncthreads();
  out[b * 256 + t] = prefix + in[b * 256 + t];
}
