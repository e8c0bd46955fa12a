// Layered computation over a ring of blocks with one reused buffer: in every layer block b
// writes its slice buf[b], publishes it (produced[b] += 1, release), waits until its right
// neighbour has published the same layer (acquire on produced[right]), and reads that slice.
// Before overwriting buf[b] in the next layer, block b waits until its left neighbour - the
// only reader of buf[b] - has signalled that it finished reading the previous layer
// (consumed[b] >= l, acquire; the reader adds 1 with release after reading).
// Correct: RAW is ordered by produced[], WAR by consumed[]; both counters are monotone
// (targets l and l + 1 with `<`), and every wait is for a neighbour that has no reason to
// wait for us at that point. Cooperative launch. (produced[] and consumed[] are 0 at launch.)
// syncproof-args: --block 256 --grid 1:128 --cooperative --param layers=1:64
// expected-no-diagnostics
#include <cuda/atomic>
using ctr = cuda::atomic_ref<unsigned, cuda::thread_scope_device>;

__global__ void layers(float* buf, unsigned* produced, unsigned* consumed, float* out, int layers) {
  unsigned t = threadIdx.x, b = blockIdx.x, right = (b + 1) % gridDim.x;
  float x = out[b * 256 + t];
  for (unsigned l = 0; l < (unsigned)layers; l++) {
    if (t == 0)
      while (ctr(consumed[b]).load(cuda::memory_order_acquire) < l) {}
    __syncthreads();
    buf[b * 256 + t] = 0.5f * x;
    __syncthreads();
    if (t == 0) {
      ctr(produced[b]).fetch_add(1u, cuda::memory_order_release);
      while (ctr(produced[right]).load(cuda::memory_order_acquire) < l + 1) {}
    }
    __syncthreads();
    x += buf[right * 256 + t];
    __syncthreads();
    if (t == 0)
      ctr(consumed[right]).fetch_add(1u, cuda::memory_order_release);
  }
  out[b * 256 + t] = x;
}
