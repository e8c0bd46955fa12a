// Tree reduction of one block's inputs in shared memory (blockDim.x a power of two <= 512).
// syncproof-args: --block 512 --grid 1:65535
// expected-no-diagnostics

__global__ void reduce_sum(float* out, const float* in) {
  __shared__ float s[512];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride)
      s[tid] += s[tid + stride];
    __syncthreads();  // each level must finish before the next one reads it
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}
