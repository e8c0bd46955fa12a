// warp_shfl_inside_bounds_check.cu fixed the usual way: the bounds check only chooses the
// value (0 past the end), and every lane of the warp executes the full-mask
// __shfl_down_sync. The second reduction, in if (warp == 0), is warp-uniform.
// syncproof-args: --block 256 --grid 1:65536 --param n=1:16777216
// expected-no-diagnostics
#define FULL_MASK 0xffffffffu

__device__ float warp_reduce_sum(float val) {
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1) val += __shfl_down_sync(FULL_MASK, val, offset);
  return val;
}

__global__ void reduce_sum_kernel(const float* __restrict__ in, float* __restrict__ out, int n) {
  __shared__ float warp_sums[32];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  float sum = i < n ? in[i] : 0.0f;
  sum = warp_reduce_sum(sum);
  if (lane == 0) warp_sums[warp] = sum;
  __syncthreads();
  if (warp == 0) {
    sum = lane < (int)(blockDim.x >> 5) ? warp_sums[lane] : 0.0f;
    sum = warp_reduce_sum(sum);
    if (lane == 0) atomicAdd(out, sum);
  }
}
