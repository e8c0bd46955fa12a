// Sum of all inputs in one pass ("last block" pattern, the CUDA samples' threadFenceReduction
// shape): every block reduces its share, thread 0 stores the block sum in partial[b],
// __threadfence(), and takes a ticket with atomicInc; it passes "this block is the last" to the
// other threads through a __shared__ flag and a __syncthreads(); the last block's threads all
// read partial[] and thread 0 resets the counter. The lead's __threadfence() after the ticket is
// the acquire the PTX model needs (without it: last_block_broadcast_no_consumer_fence.cu).
// The flag is a broadcast slot (docs/model.md): every thread reads it as thread 0's
// `ticket == gridDim.x - 1`; the reset is ordered after every block's update by observation
// (docs/memory-model.md, "Counting updates observed"); two last blocks cannot exist.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics

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
    unsigned ticket = atomicInc(&count, gridDim.x);
    __threadfence();
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
