// Tree reduction of one block's inputs in shared memory (blockDim.x a power of two <= 512).
// Bug: no __syncthreads() inside the loop, so level k+1 reads partial sums that other
// threads are still writing at level k.
// syncproof-args: --block 512 --grid 1:65535

__global__ void reduce_sum(float* out, const float* in) {
  __shared__ float s[512];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride)
      s[tid] += s[tid + stride];  // expected-race {{data race on 's' (shared memory, within a block)}}
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}
