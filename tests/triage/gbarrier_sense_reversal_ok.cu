// Iterative smoothing with double buffering and a sense-reversing grid barrier, cooperative
// launch of exactly 128 blocks: each block flips its local sense and arrives on the counter;
// the last arriver resets the counter to 0 and then publishes the new sense in flag (fence +
// volatile store); the others spin until flag equals their sense.
// Correct: waiters wait on flag, not on the counter, so the reset cannot be missed; the flag
// changes again only after every block has arrived at the next barrier, so it cannot be
// missed either. The last arriver observes all arrivals through the chain of atomicAdds
// (each after a fence) and releases them with its fence before the flag store.
// (arrived and flag are 0 at launch.)
// syncproof-args: --block 256 --grid 128 --cooperative --param iters=1:1000
// expected-no-diagnostics

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
      sense ^= 1u;
      __threadfence();
      unsigned ticket = atomicAdd(arrived, 1u);
      if (ticket == gridDim.x - 1) {
        atomicExch(arrived, 0u);
        __threadfence();
        *(volatile unsigned*)flag = sense;
      } else {
        while (*(volatile unsigned*)flag != sense) {}
      }
      __threadfence();
    }
    __syncthreads();
  }
}
