// Sum of all inputs in one pass ("last block" pattern of the CUDA threadFenceReduction
// sample): each block reduces 256 values in shared memory; thread 0 stores the block sum in
// partial[b], fences with __threadfence() and takes a ticket with atomicInc(count, gridDim.x);
// thread 0 of the block that draws ticket gridDim.x - 1 fences again and adds up all partial
// sums (the sample broadcasts "last" through shared memory first: tests/triage/last_block_shared_flag_ok.cu).
// Correct: fence.sc.gpu before the atomicInc is the release pattern of every block; the last
// ticket is read by a strong RMW that observes every earlier atomicInc (a chain of RMWs), and
// the fence after it is the acquire pattern. Exactly one block draws the last ticket, so only
// it writes *total. No block waits, so no co-residency is needed. (count is 0 at launch.)
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics

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
    unsigned ticket = atomicInc(count, gridDim.x);
    __threadfence();
    if (ticket == gridDim.x - 1) {  // the last block: thread 0 adds up
      float sum = 0.0f;
      for (unsigned i = 0; i < gridDim.x; i++)
        sum += partial[i];
      *total = sum;
    }
  }
}
