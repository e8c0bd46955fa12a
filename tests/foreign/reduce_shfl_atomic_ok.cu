// Typical modern "sum of an array" kernel: grid-stride accumulation in registers, warp sums
// with __shfl_down_sync, one slot per warp in shared memory, the first warp reduces the
// warp sums and lane 0 adds the block's total into *out with a float atomicAdd.
// syncproof-args: --block 256 --grid 1:1024 --param n=0:16777216
// expected-no-diagnostics
#define FULL_MASK 0xffffffffu
#define WARP_SIZE 32

__inline__ __device__ float warp_reduce_sum(float val) {
#pragma unroll
  for (int offset = WARP_SIZE / 2; offset > 0; offset >>= 1)
    val += __shfl_down_sync(FULL_MASK, val, offset);
  return val;
}

__global__ void reduce_sum_kernel(const float* __restrict__ in, float* __restrict__ out, int n) {
  __shared__ float warp_sums[WARP_SIZE];
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  const int num_warps = blockDim.x >> 5;

  float sum = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    sum += in[i];

  sum = warp_reduce_sum(sum);
  if (lane == 0) warp_sums[warp] = sum;
  __syncthreads();

  if (warp == 0) {
    sum = (lane < num_warps) ? warp_sums[lane] : 0.0f;
    sum = warp_reduce_sum(sum);
    if (lane == 0) atomicAdd(out, sum);
  }
}
