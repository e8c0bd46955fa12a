// Sum of all inputs in one pass ("last block" pattern): each block reduces 256 values,
// thread 0 stores the block sum in partial[b], fences, and takes a ticket with atomicInc; the
// block that draws the last ticket adds up all partial sums.
// Bug: no fence after the atomicInc, which is exactly the form of the CUDA threadFenceReduction
// sample. The relaxed atomicInc that reads the last ticket is not an acquire, so the last block's reads of partial[]
// are not ordered after the other blocks' releases (missing acquire, at the atomicInc whose
// result is tested). It works on current hardware; the PTX model does not promise it.
// Reported as ordering, not as a race on partial.
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
    __threadfence();
    unsigned ticket = atomicInc(count, gridDim.x);  // expected-ordering {{missing acquire}}
    if (ticket == gridDim.x - 1) {  // the last block: thread 0 adds up
      float sum = 0.0f;
      for (unsigned i = 0; i < gridDim.x; i++)
        sum += partial[i];
      *total = sum;
    }
  }
}
