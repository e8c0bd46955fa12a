// Sum of all inputs: each block reduces its 256 values in shared memory and thread 0
// adds the block's partial sum into *total with atomicAdd.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics

__global__ void total_sum(float* total, const float* in) {
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
    atomicAdd(total, s[0]);
}
