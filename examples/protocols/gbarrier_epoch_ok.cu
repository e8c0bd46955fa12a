// Iterative smoothing with double buffering (halves of buf) and one grid barrier per
// iteration, cooperative launch of exactly 128 blocks. The barrier counter is monotone: in
// iteration k every block adds 1 and waits until arrived >= (k + 1) * gridDim.x (an epoch
// target); the counter is never reset.
// Correct: one barrier per iteration suffices for double buffering (the reads of one half in
// iteration k and the writes to it in iteration k + 1 are separated by barrier k), the
// fences make arrival a release and the wait an acquire, and a monotone count with `>=`
// cannot be missed. (arrived is 0 at launch; flag is unused here.)
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
      __threadfence();
      atomicAdd(arrived, 1u);
      while (*(volatile unsigned*)arrived < (k + 1) * gridDim.x) {}
      __threadfence();
    }
    __syncthreads();
  }
}
