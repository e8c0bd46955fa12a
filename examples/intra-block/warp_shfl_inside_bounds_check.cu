// (Moved from tests/triage/ in session 12, where it was a missed bug: the masks of warp
// collectives were not checked, and this kernel was proved.)
// Typical "LLM-generated" sum kernel: warp sums with __shfl_down_sync(0xffffffff, ...), one
// slot per warp in shared memory, the first warp reduces the warp sums, lane 0 adds the
// block's total into *out with a float atomicAdd.
// Bug: the first warp reduction sits inside if (i < n). In the warp that straddles n, the
// lanes with i >= n never execute the full-mask __shfl_down_sync that the other lanes
// execute: undefined behaviour (CUDA Programming Guide, warp shuffle functions: every
// non-exited lane named in the mask must execute the same intrinsic). The second call, in
// if (warp == 0), is warp-uniform and correct.
// syncproof-args: --block 256 --grid 1:65536 --param n=1:16777216
#define FULL_MASK 0xffffffffu
#define WARP_SIZE 32

__inline__ __device__ float warp_reduce_sum(float val) {
#pragma unroll
  for (int offset = WARP_SIZE / 2; offset > 0; offset >>= 1)
    val += __shfl_down_sync(FULL_MASK, val, offset);  // expected-warp-sync {{}}
  return val;
}

__global__ void reduce_sum_kernel(const float* __restrict__ in, float* __restrict__ out, int n) {
  __shared__ float warp_sums[WARP_SIZE];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  const int num_warps = blockDim.x >> 5;

  float sum = 0.0f;
  if (i < n) {
    sum = in[i];
    sum = warp_reduce_sum(sum);
  }
  if (lane == 0) warp_sums[warp] = sum;
  __syncthreads();

  if (warp == 0) {
    sum = (lane < num_warps) ? warp_sums[lane] : 0.0f;
    sum = warp_reduce_sum(sum);
    if (lane == 0) atomicAdd(out, sum);
  }
}
