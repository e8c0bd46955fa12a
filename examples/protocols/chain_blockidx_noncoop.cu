// Producer/consumer chain with a plain (non-cooperative) launch of up to 65535 blocks: block
// b = blockIdx.x waits for block b - 1's row, then publishes its own (acquire/release are right).
// Bug: CUDA does not promise that blocks are started in blockIdx order, nor that all of them
// are resident at once. If blocks 1..R (R = what fits on the device) are resident and spinning
// while block 0 has not been started, nobody ever frees a slot: the wait needs block b - 1 to
// be co-resident, and this launch does not guarantee it. (In practice the hardware starts
// blocks in increasing order and the kernel works; see chain_ticket_ok.cu for the fix.)
// syncproof-args: --block 256 --grid 1:65535
#include <cuda/atomic>

__global__ void chain(const float* in, float* data, unsigned* ready) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  float v = in[b * 256 + t];
  if (b > 0) {
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> prev(ready[b - 1]);
    if (t == 0)
      while (prev.load(cuda::memory_order_acquire) == 0u) {}  // expected-deadlock {{co-resident}}
    __syncthreads();
    v += 0.5f * data[(b - 1) * 256 + t];
  }
  data[b * 256 + t] = v;
  __syncthreads();
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> mine(ready[b]);
  if (t == 0)
    mine.store(1u, cuda::memory_order_release);
}
