// Two-phase normalisation with a hand-made grid barrier that is reusable across launches
// without a host memset: thread 0 of every block stores the block's partial value, fences,
// counts its block with atomicAdd(arrived, 1) and spins until arrived reaches gridDim.x. After
// the spin it fences and counts its block as departed. The block that departs last (ticket
// gridDim.x - 1) fences and resets both counters to 0 for the next launch.
// Correct: every block departs only after its own wait completed, and the last departer
// acquires all departures (its ticket read by the atomicAdd, then a fence), so every wait on
// arrived happens before the reset: no wait can miss its target (compare
// gbarrier_reset_lost_wakeup.cu, which resets at the last arrival). Nobody waits on departed.
// (arrived and departed are 0 at launch. Thread 0 sums the partial values and shares the sum.)
// syncproof-args: --block 256 --grid 1:1024 --cooperative
// expected-no-diagnostics

__global__ void normalise(float* x, float* partial, unsigned* arrived, unsigned* departed) {
  __shared__ float total;
  unsigned t = threadIdx.x, b = blockIdx.x;
  if (t == 0) {
    partial[b] = x[b * 256];
    __threadfence();
    atomicAdd(arrived, 1u);
    while (*(volatile unsigned*)arrived < gridDim.x) {}
    __threadfence();
    unsigned ticket = atomicAdd(departed, 1u);
    if (ticket == gridDim.x - 1) {
      __threadfence();
      atomicExch(arrived, 0u);
      atomicExch(departed, 0u);
    }
    float sum = 0.0f;
    for (unsigned i = 0; i < gridDim.x; i++)
      sum += partial[i];
    total = sum;
  }
  __syncthreads();
  x[b * 256 + t] /= total;
}
