// Halo exchange around a ring of up to 128 blocks, repeated for `steps` steps (ring_exchange_ok.cu
// inside a loop): in step s block b writes its halo for the step, publishes it by setting
// flag[s * 128 + b] (release), then waits for its right neighbour's flag of the step
// (acquire) and reads the neighbour's halo.
// Correct: every block publishes before it waits in every step, so the waits of step s rank
// above the signals of step s; each flag of (step, block) has one writer. Cooperative launch.
// (flag[] is 0 at launch.)
// syncproof-args: --block 256 --grid 2:128 --cooperative --param steps=1:1000
// expected-no-diagnostics

#include <cuda/atomic>

__global__ void ring_halo_steps(const float* x, float* halo, unsigned* flag, float* out, int steps) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  unsigned r = (b + 1) % gridDim.x;  // right neighbour in the ring
  float acc = x[b * 256 + t];
  for (int s = 0; s < steps; ++s) {
    halo[(s * 128 + b) * 256 + t] = acc * 0.25f;
    __syncthreads();
    if (t == 0) {
      cuda::atomic_ref<unsigned, cuda::thread_scope_device> mine(flag[s * 128 + b]), theirs(flag[s * 128 + r]);
      mine.store(1u, cuda::memory_order_release);
      while (theirs.load(cuda::memory_order_acquire) == 0u) {}
    }
    __syncthreads();
    acc += halo[(s * 128 + r) * 256 + t];
  }
  out[b * 256 + t] = acc;
}
