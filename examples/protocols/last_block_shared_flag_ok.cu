// Sum of all inputs in one pass ("last block" pattern of the CUDA threadFenceReduction
// sample): each block reduces 256 values in shared memory; thread 0 stores the block sum in
// partial[b], fences with __threadfence() and takes a ticket with atomicInc(count, gridDim.x);
// the block that draws ticket gridDim.x - 1 fences again and adds up all partial sums.
// Correct: fence.sc.gpu before the atomicInc is the release pattern of every block; the last
// ticket is read by a strong RMW that observes every earlier atomicInc (a chain of RMWs), and
// the fence after it is the acquire pattern. Exactly one block draws the last ticket, so only
// it writes *total. No block waits, so no co-residency is needed. (count is 0 at launch.)
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics

__global__ void sum_last_block(const float* in, float* partial, unsigned* count, float* total) {
  __shared__ float s[256];
  __shared__ bool last;
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
    unsigned ticket = atomicInc(count, gridDim.x);
    __threadfence();
    last = (ticket == gridDim.x - 1);
  }
  __syncthreads();
  if (last && t == 0) {
    float sum = 0.0f;
    for (unsigned i = 0; i < gridDim.x; i++)
      sum += partial[i];
    *total = sum;
  }
}
