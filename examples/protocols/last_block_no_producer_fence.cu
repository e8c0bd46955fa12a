// Sum of all inputs in one pass ("last block" pattern): each block reduces 256 values,
// thread 0 stores the block sum in partial[b] and takes a ticket with atomicInc; the block
// that draws the last ticket fences and adds up all partial sums.
// Bug: no __threadfence() between the store to partial[b] and the atomicInc. atomicInc is
// relaxed, so the last block can draw its ticket and still read a stale partial[b] of another
// block (missing release, at the atomicInc). Reported as ordering, not as a race on partial.
// syncproof-args: --block 256 --grid 1:65535

__global__ void sum_last_block(const float* in, float* partial, unsigned* count, float* total) {
  __shared__ float s[256];
  unsigned t = threadIdx.x, b = blockIdx.x;
  s[t] = in[b * 256 + t];
  __syncthreads();
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) {
    partial[b] = s[0];
    unsigned ticket = atomicInc(count, gridDim.x);  // expected-ordering {{missing release}}
    __threadfence();
    if (ticket == gridDim.x - 1) {  // the last block: thread 0 adds up
      float sum = 0.0f;
      for (unsigned i = 0; i < gridDim.x; i++)
        sum += partial[i];
      *total = sum;
    }
  }
}
