// ring_loop_wait_before_publish.cu over a fixed grid of 128 blocks (the ring index
// `(b + 1) % 128`).
// Bug: in step 0 every block waits for its right neighbour's flag before setting its own: a
// cycle through all 128 blocks (no two of them wait for each other directly). Reported at
// the spin: every block that waits there waits for a flag whose sender sets it only after
// waiting there itself.
// syncproof-args: --block 256 --grid 128 --cooperative --param steps=1:1000

#include <cuda/atomic>

__global__ void ring_halo_steps(const float* x, float* halo, unsigned* flag, float* out, int steps) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  unsigned r = (b + 1) % 128;  // right neighbour in the ring
  float acc = x[b * 256 + t];
  for (int s = 0; s < steps; ++s) {
    halo[(s * 128 + b) * 256 + t] = acc * 0.25f;
    __syncthreads();
    if (t == 0) {
      cuda::atomic_ref<unsigned, cuda::thread_scope_device> mine(flag[s * 128 + b]), theirs(flag[s * 128 + r]);
      while (theirs.load(cuda::memory_order_acquire) == 0u) {}  // expected-deadlock {{cycle}}
      mine.store(1u, cuda::memory_order_release);
    }
    __syncthreads();
    acc += halo[(s * 128 + r) * 256 + t];
  }
  out[b * 256 + t] = acc;
}
