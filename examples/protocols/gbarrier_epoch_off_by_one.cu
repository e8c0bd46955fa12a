// gbarrier_epoch_ok.cu (iterative smoothing, double buffering, one grid barrier per iteration
// from a monotone counter with epoch targets (k + 1) * gridDim.x) waiting for the next epoch's
// target, (k + 2) * gridDim.x.
// Bug: in iteration 0 every block adds once and then waits for 2 * gridDim.x arrivals: the
// count stops at gridDim.x and every block spins forever. Reported at the spin.
// syncproof-args: --block 256 --grid 128 --cooperative --param iters=1:1000

__global__ void smooth(float* buf, unsigned* arrived, unsigned* flag, int iters) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  unsigned i = b * 256 + t;                   // this thread's element
  unsigned r = ((b + 1) % 128) * 256 + t;     // the same lane of the right neighbour block
  unsigned sense = 0;
  for (int k = 0; k < iters; k++) {
    unsigned src = (k & 1) * 32768, dst = 32768 - src;
    buf[dst + i] = 0.5f * (buf[src + i] + buf[src + r]);
    __syncthreads();
    if (t == 0) {
      __threadfence();
      atomicAdd(arrived, 1u);
      while (*(volatile unsigned*)arrived < (k + 2) * gridDim.x) {}  // expected-deadlock {{never reach}}
      __threadfence();
    }
    __syncthreads();
  }
}
