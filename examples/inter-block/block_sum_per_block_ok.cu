// Partial sums: each block reduces its 256 values in shared memory and thread 0 stores
// the block's sum in its own slot partial[blockIdx.x] (a second pass adds them up).
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics

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
    partial[blockIdx.x] = s[0];
}
