// Producer/consumer chain (a first-order recurrence across blocks): block b computes row
// b = in[b] + 0.5 * row b - 1 and publishes it with __threadfence() and atomicExch(ready[b]).
// Bug: the consumer reads row b - 1 without waiting for ready[b - 1] at all, so it may read
// the row before block b - 1 has written it: a race on data between block b - 1's store and
// block b's load, reported at the store. (No await exists, so there is nothing to report as
// ordering or deadlock.)
// syncproof-args: --block 256 --grid 1:128 --cooperative

__global__ void chain(const float* in, float* data, unsigned* ready) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  float v = in[b * 256 + t];
  if (b > 0)
    v += 0.5f * data[(b - 1) * 256 + t];
  data[b * 256 + t] = v;  // expected-race {{data race on 'data' (global memory, between blocks)}}
  __syncthreads();
  if (t == 0) {
    __threadfence();
    atomicExch(&ready[b], 1u);
  }
}
