// gbarrier_epoch_ok.cu (iterative smoothing, double buffering, one grid barrier per iteration
// from a monotone counter with epoch targets (k + 1) * gridDim.x) without the __syncthreads() after the
// barrier.
// Bug: only thread 0 waits for the epoch; the block's other threads run into the next
// iteration and overwrite the half that the neighbour block may still be reading (and read
// the half it may not have written yet). Reported at the write.
// syncproof-args: --block 256 --grid 128 --cooperative --param iters=1:1000

__global__ void smooth(float* buf, unsigned* arrived, unsigned* flag, int iters) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  unsigned i = b * 256 + t;                   // this thread's element
  unsigned r = ((b + 1) % 128) * 256 + t;     // the same lane of the right neighbour block
  unsigned sense = 0;
  for (int k = 0; k < iters; k++) {
    unsigned src = (k & 1) * 32768, dst = 32768 - src;
    buf[dst + i] = 0.5f * (buf[src + i] + buf[src + r]);  // expected-race {{data race on 'buf' (global memory, between blocks)}}
    __syncthreads();
    if (t == 0) {
      __threadfence();
      atomicAdd(arrived, 1u);
      while (*(volatile unsigned*)arrived < (k + 1) * gridDim.x) {}
      __threadfence();
    }
  }
}
