// Block-wide inclusive scan, "warp-shuffle" style: each warp scans with __shfl_up_sync, lane
// 31 publishes the warp total, warp 0 scans the warp totals in place, and every thread adds
// the prefix of the preceding warps. Three barrier intervals; per-block outputs and totals.
// syncproof-args: --block 1024 --grid 1:65535 --param n=0:67108864
// expected-no-diagnostics
#define WARPS_PER_BLOCK 32

__device__ __forceinline__ int warp_inclusive_scan(int v, int lane) {
#pragma unroll
  for (int d = 1; d < 32; d <<= 1) {
    int y = __shfl_up_sync(0xffffffffu, v, d);
    if (lane >= d) v += y;
  }
  return v;
}

__global__ void block_scan(const int* __restrict__ in, int* __restrict__ out,
                           int* __restrict__ block_totals, int n) {
  __shared__ int warp_totals[WARPS_PER_BLOCK];
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;

  int v = gid < n ? in[gid] : 0;
  v = warp_inclusive_scan(v, lane);
  if (lane == 31) warp_totals[warp] = v;
  __syncthreads();

  if (warp == 0) {
    int t = warp_totals[lane];
    t = warp_inclusive_scan(t, lane);
    warp_totals[lane] = t;
  }
  __syncthreads();

  if (warp > 0) v += warp_totals[warp - 1];
  if (gid < n) out[gid] = v;
  if (threadIdx.x == blockDim.x - 1) block_totals[blockIdx.x] = v;
}
