// Iterative smoothing with double buffering and one grid barrier per iteration, cooperative
// launch of exactly 128 blocks. The barrier reuses one counter: the last block to arrive
// (ticket gridDim.x - 1) resets it to 0 for the next iteration, the others spin until it
// reaches gridDim.x.
// Bug: the reset races with the waiters. The count equals gridDim.x only between the last
// arrival and the reset, which the last block does back to back; a waiter that does not read
// the counter in that window sees 0 (or the next iteration's count) and spins forever - its
// target is never reached. The reset is an atomicExch, so the counter itself is not a data
// race; the bug is the lost wake-up. Fix: gbarrier_epoch_ok.cu (monotone epochs) or
// tests/triage/gbarrier_sense_reversal_ok.cu (wait on a separate sense flag).
// syncproof-args: --block 256 --grid 128 --cooperative --param iters=1:1000
// The reset counter gives no happens-before edges in this model (only its lost wake-up is
// decided), so the smoothing's exchange between blocks stays a possible race: unknown.

__global__ void smooth(float* buf, unsigned* arrived, unsigned* flag, int iters) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  unsigned i = b * 256 + t;                   // this thread's element
  unsigned r = ((b + 1) % 128) * 256 + t;     // the same lane of the right neighbour block
  unsigned sense = 0;
  for (int k = 0; k < iters; k++) {
    unsigned src = (k & 1) * 32768, dst = 32768 - src;
    buf[dst + i] = 0.5f * (buf[src + i] + buf[src + r]);  // expected-unknown {{possible data race}}
    __syncthreads();
    if (t == 0) {
      __threadfence();
      unsigned ticket = atomicAdd(arrived, 1u);
      if (ticket == gridDim.x - 1)
        atomicExch(arrived, 0u);
      else
        while (*(volatile unsigned*)arrived < gridDim.x) {}  // expected-deadlock {{never reach}}
      __threadfence();
    }
    __syncthreads();
  }
}
