// Blocks 0 and 1 each publish their row with a fenced flag (ready[0], ready[1]); block 2
// waits with ONE 64-bit volatile load covering both flags and then reads block 0's row.
// Bug: block 1's flag alone ends the wait (the 64-bit value is non-zero as soon as either
// half is), so block 2 can read data[t] while block 0 still writes it. Before session 14 the
// wait was taken to see block 0's signal because its bytes overlap the load (proved); now
// only a wait that reads exactly a signal's bytes learns from it. Since session 19 the 64-bit
// read and the 32-bit exchanges are also a race of their own (not the same bytes: not morally
// strong).
// syncproof-args: --block 256 --grid 3 --cooperative

__global__ void gather(const float* in, float* data, unsigned* ready) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  if (b == 2) {
    if (t == 0) {
      while (*(volatile unsigned long long*)ready == 0ull) {
      }
      __threadfence();
    }
    __syncthreads();
    data[512 + t] = data[t];
  } else {
    data[b * 256 + t] = in[b * 256 + t];  // expected-race {{write 'data[b * 256 + t]' conflicts with read 'data[t]'}}
    __syncthreads();
    if (t == 0) {
      __threadfence();
      atomicExch(&ready[b], 1u);  // expected-race {{atomic 'ready[b]' conflicts with read '*(volatile unsigned long long*)ready'}}
    }
  }
}
