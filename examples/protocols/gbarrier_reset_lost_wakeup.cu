// Two-phase normalisation with a hand-made grid barrier that resets its counter for the next
// launch: thread 0 of every block stores the block's partial value, fences and takes a ticket
// with atomicAdd(arrived, 1). The block that arrives last (ticket gridDim.x - 1) resets the
// counter to 0 so that the next launch finds it clean; the others spin until arrived reaches
// gridDim.x.
// Bug: a lost wake-up. The count equals gridDim.x only between the last arrival and the
// reset, which the last block does back to back; a waiting block that reads the counter only
// after the reset sees 0 and spins forever. The reset is an atomicExch, so the counter itself
// is not a data race; nothing orders the waits before the reset. Fix:
// gbarrier_reset_after_departure_ok.cu (the last block to *leave* resets the counter).
// (arrived is 0 at launch. Thread 0 sums the partial values and shares the sum; they are
// ordered correctly for a block that passes: after the spin, or through the last block's ticket.)
// syncproof-args: --block 256 --grid 1:1024 --cooperative

__global__ void normalise(float* x, float* partial, unsigned* arrived) {
  __shared__ float total;
  unsigned t = threadIdx.x, b = blockIdx.x;
  if (t == 0) {
    partial[b] = x[b * 256];
    __threadfence();
    unsigned ticket = atomicAdd(arrived, 1u);
    if (ticket == gridDim.x - 1)
      atomicExch(arrived, 0u);  // ready for the next launch
    else
      while (*(volatile unsigned*)arrived < gridDim.x) {}  // expected-deadlock {{never reach}}
    __threadfence();
    float sum = 0.0f;
    for (unsigned i = 0; i < gridDim.x; i++)
      sum += partial[i];
    total = sum;
  }
  __syncthreads();
  x[b * 256 + t] /= total;
}
