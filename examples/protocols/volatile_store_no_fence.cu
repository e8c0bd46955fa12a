// Broadcast of a table: block 0 fills table[] and sets a volatile flag; every other block
// spins on the volatile flag, fences, and reads the table.
// Bug: no __threadfence() before the flag store. __syncthreads() orders the table stores
// before thread 0's store only within the block (cta scope); the volatile store is relaxed, so
// nothing makes the table visible to other blocks before the flag (missing release).
// Reported as ordering, not as a race on table.
// syncproof-args: --block 256 --grid 1:128 --cooperative

__global__ void broadcast(const float* src, float* table, unsigned* flag, const float* in, float* out) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  if (b == 0) {
    table[t] = src[t] * 2.0f;
    __syncthreads();
    if (t == 0)
      *(volatile unsigned*)flag = 1u;  // expected-ordering {{missing release}}
  } else {
    if (t == 0) {
      while (*(volatile unsigned*)flag == 0u) {}
      __threadfence();
    }
    __syncthreads();
    out[b * 256 + t] = in[b * 256 + t] * table[t];
  }
}
