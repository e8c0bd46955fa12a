// Broadcast of a table: block 0 fills table[], fences and sets a volatile flag; every other
// block spins on the volatile flag and then reads the table.
// Bug: no __threadfence() after the spin loop. A volatile load is only relaxed.sys: without a
// fence after it, the later reads of table[] are not ordered after the load that saw the flag
// (missing acquire; in practice they may be served from stale L1 lines). Reported at the
// spin loop as ordering, not as a race on table.
// syncproof-args: --block 256 --grid 1:128 --cooperative

__global__ void broadcast(const float* src, float* table, unsigned* flag, const float* in, float* out) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  if (b == 0) {
    table[t] = src[t] * 2.0f;
    __syncthreads();
    if (t == 0) {
      __threadfence();
      *(volatile unsigned*)flag = 1u;
    }
  } else {
    if (t == 0)
      while (*(volatile unsigned*)flag == 0u) {}  // expected-ordering {{missing acquire}}
    __syncthreads();
    out[b * 256 + t] = in[b * 256 + t] * table[t];
  }
}
