// Layered computation over a ring of blocks with one reused buffer: in every layer block b
// writes its slice buf[b], publishes it (produced[b] += 1, release), waits until its right
// neighbour has published the same layer (acquire) and reads that slice.
// Bug: nothing stops block b from overwriting buf[b] with layer l + 1 while its left
// neighbour is still reading layer l of it (write-after-read). produced[] orders the write
// before the neighbour's read of the same layer, but not the neighbour's read before the next
// layer's write: a race on buf between the read buf[right * 256 + t] and the store, reported
// at the store. Fix: war_reuse_ok.cu (a consumed[] counter the writer waits on).
// syncproof-args: --block 256 --grid 2:128 --cooperative --param layers=2:64
#include <cuda/atomic>
using ctr = cuda::atomic_ref<unsigned, cuda::thread_scope_device>;

__global__ void layers(float* buf, unsigned* produced, float* out, int layers) {
  unsigned t = threadIdx.x, b = blockIdx.x, right = (b + 1) % gridDim.x;
  float x = out[b * 256 + t];
  for (unsigned l = 0; l < (unsigned)layers; l++) {
    buf[b * 256 + t] = 0.5f * x;  // expected-race {{data race on 'buf' (global memory, between blocks)}}
    __syncthreads();
    if (t == 0) {
      ctr(produced[b]).fetch_add(1u, cuda::memory_order_release);
      while (ctr(produced[right]).load(cuda::memory_order_acquire) < l + 1) {}
    }
    __syncthreads();
    x += buf[right * 256 + t];
    __syncthreads();
  }
  out[b * 256 + t] = x;
}
