// Broadcast of a table: block 0 fills table[0..255], then thread 0 fences with
// __threadfence() and sets a volatile flag; every other block spins on the volatile flag,
// fences with __threadfence() and then all its threads read the table.
// Correct: st.volatile / ld.volatile are relaxed.sys strong operations; fence.sc.gpu before the
// flag store is a release pattern and the flag load followed by fence.sc.gpu an acquire
// pattern; __syncthreads() carries the ordering to the other threads of each block. The launch
// is cooperative: every block waits for block 0, which needs all blocks co-resident.
// syncproof-args: --block 256 --grid 1:128 --cooperative
// expected-no-diagnostics

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
    if (t == 0) {
      while (*(volatile unsigned*)flag == 0u) {}
      __threadfence();
    }
    __syncthreads();
    out[b * 256 + t] = in[b * 256 + t] * table[t];
  }
}
