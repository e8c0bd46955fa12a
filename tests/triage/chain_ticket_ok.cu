// Producer/consumer chain with a plain (non-cooperative) launch of any size: instead of
// blockIdx.x, each block takes its position in the chain from a global ticket counter
// (atomicAdd(next, 1) when it starts), then waits for the block with the previous ticket.
// Correct, and cannot hang: the block holding ticket k - 1 took it before the block holding
// ticket k, so it has already started; a started block keeps running, and by induction the
// chain from ticket 0 (which waits for nobody) always advances. Tickets are distinct and
// below gridDim.x, so rows are distinct. This is how single-pass scans make look-back safe
// without relying on the order in which the hardware dispatches blocks.
// (next and ready[] are 0 at launch.)
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics
#include <cuda/atomic>

__global__ void chain(const float* in, float* data, unsigned* ready, unsigned* next) {
  __shared__ unsigned ticket;
  unsigned t = threadIdx.x;
  if (t == 0)
    ticket = atomicAdd(next, 1u);
  __syncthreads();
  unsigned k = ticket;
  float v = in[k * 256 + t];
  if (k > 0) {
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> prev(ready[k - 1]);
    if (t == 0)
      while (prev.load(cuda::memory_order_acquire) == 0u) {}
    __syncthreads();
    v += 0.5f * data[(k - 1) * 256 + t];
  }
  data[k * 256 + t] = v;
  __syncthreads();
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> mine(ready[k]);
  if (t == 0)
    mine.store(1u, cuda::memory_order_release);
}
