// Broadcast of a table: block 0 fills table[], fences and sets a volatile flag; every other
// block spins on the flag, fences with __threadfence(), and reads the table.
// Bug: the producer fences with __threadfence_block() (membar.cta = fence.sc.cta). A cta-scope
// fence orders the table stores before the flag only for threads of block 0; the readers are
// in other blocks, so this fence is not morally strong with their fence (scope too narrow).
// Reported once, at the narrow fence, as ordering (not as a race on table).
// syncproof-args: --block 256 --grid 1:128 --cooperative

__global__ void broadcast(const float* src, float* table, unsigned* flag, const float* in, float* out) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  if (b == 0) {
    table[t] = src[t] * 2.0f;
    __syncthreads();
    if (t == 0) {
      __threadfence_block();  // expected-ordering {{scope}}
      *(volatile unsigned*)flag = 1u;
    }
  } else {
    if (t == 0) {
      while (*(volatile unsigned*)flag == 0u) {}
      __threadfence();
    }
    __syncthreads();
    out[b * 256 + t] = in[b * 256 + t] * table[t];
  }
}
