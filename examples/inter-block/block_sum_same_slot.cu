// Partial sums: each block reduces its 256 values in shared memory and thread 0 stores
// the block's sum.
// Bug: every block stores into partial[0] (blockIdx.x forgotten), so the blocks overwrite
// each other's result.
// syncproof-args: --block 256 --grid 1:65535

__global__ void partial_sums(float* partial, const float* in) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    partial[0] = s[0];  // expected-race {{data race on 'partial' (global memory, between blocks)}}
}
