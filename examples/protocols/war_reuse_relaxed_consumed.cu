// war_reuse_ok.cu (layers over a ring of blocks, one reused buffer, produced[] for RAW and
// consumed[] for WAR) with the reader's consumed[] update relaxed.
// Bug: the read of the neighbour's slice is not released to the neighbour by the relaxed
// fetch_add, so the neighbour's next-layer overwrite of that slice (after its acquire wait on
// consumed[]) is not ordered after the read (write-after-read). Reported at the update.
// syncproof-args: --block 256 --grid 1:128 --cooperative --param layers=1:64
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
      ctr(consumed[right]).fetch_add(1u, cuda::memory_order_relaxed);  // expected-ordering {{missing release}}
  }
  out[b * 256 + t] = x;
}
