// Write-after-read between blocks, in place, with the wait left out: block b reads its right
// neighbour's row in[b + 1] and publishes "done reading", but block b + 1 overwrites its row
// without waiting for that signal. Bug: the overwrite can happen before (or while) block b
// reads the row — a write-after-read race between blocks on `in`.
// syncproof-args: --block 256 --grid 2:128 --cooperative
#include <cuda/atomic>

__global__ void smooth_in_place(float* in, unsigned* consumed) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  float right = b + 1 < gridDim.x ? in[(b + 1) * 256 + t] : 0.0f;
  __syncthreads();
  if (t == 0 && b + 1 < gridDim.x) {
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> done(consumed[b + 1]);
    done.store(1u, cuda::memory_order_release);
  }
  __syncthreads();
  in[b * 256 + t] = 0.5f * (in[b * 256 + t] + right);  // expected-race {{data race on 'in' (global memory, between blocks)}}
}
