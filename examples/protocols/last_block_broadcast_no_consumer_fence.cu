// The "last block" pattern of last_block_broadcast_ok.cu without the lead's __threadfence()
// after the ticket: the form of the CUDA samples' threadFenceReduction and of the Programming
// Guide's __threadfence() example. The flag tells every thread of the last block that all
// tickets were drawn, but the relaxed atomicInc is no acquire and __syncthreads() orders only
// within the block, so by the PTX model the reads of partial[] are not ordered after the other
// blocks' writes: missing acquire, at the update whose result the flag carries. It works on
// current hardware; the PTX model does not promise it. The fix: __threadfence() after the
// atomicInc, before the barrier.
// syncproof-args: --block 256 --grid 1:65535

__device__ unsigned int count = 0;

__global__ void sum_last_block(const float* in, float* partial, float* total) {
  __shared__ float s[256];
  __shared__ bool isLast;
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
    unsigned ticket = atomicInc(&count, gridDim.x);  // expected-ordering {{missing acquire}}
    isLast = (ticket == gridDim.x - 1);
  }
  __syncthreads();
  if (isLast) {
    float sum = 0.0f;
    for (unsigned i = t; i < gridDim.x; i += 256)
      sum += partial[i];
    s[t] = sum;
    __syncthreads();
    for (unsigned stride = 128; stride > 0; stride >>= 1) {
      if (t < stride)
        s[t] += s[t + stride];
      __syncthreads();
    }
    if (t == 0) {
      *total = s[0];
      count = 0;
    }
  }
}
