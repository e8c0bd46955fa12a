// Per-block minimum and maximum in one pass: two shared arrays, a do { } while tree
// reduction (blockDim.x is a power of two), and the results written by two different
// threads chosen with a switch on threadIdx.x. Early return for blocks past the data
// (block-uniform, before any barrier).
// syncproof-args: --block 256 --grid 1:65535 --param n=0:16777216
// expected-no-diagnostics
#include <cfloat>

__global__ void block_minmax(const float* __restrict__ in, float* __restrict__ bmin,
                             float* __restrict__ bmax, int n) {
  __shared__ float smin[256];
  __shared__ float smax[256];
  if (blockIdx.x * blockDim.x >= n) return;  // whole block idle

  const unsigned tid = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + tid;
  const float v = (i < n) ? in[i] : 0.0f;
  smin[tid] = (i < n) ? v : FLT_MAX;
  smax[tid] = (i < n) ? v : -FLT_MAX;
  __syncthreads();

  unsigned stride = blockDim.x / 2;
  do {
    if (tid < stride) {
      smin[tid] = fminf(smin[tid], smin[tid + stride]);
      smax[tid] = fmaxf(smax[tid], smax[tid + stride]);
    }
    __syncthreads();
    stride >>= 1;
  } while (stride > 0);

  switch (tid) {
    case 0: bmin[blockIdx.x] = smin[0]; break;
    case 32: bmax[blockIdx.x] = smax[0]; break;
    default: break;
  }
}
