// 256-bin byte histogram: per-block bins in shared memory updated with atomicAdd,
// then merged into the global histogram with atomicAdd (grid-stride input loop).
// syncproof-args: --block 256 --grid 1:1024 --param n=0:16777216
// expected-no-diagnostics

__global__ void histogram(unsigned* hist, const unsigned char* data, int n) {
  __shared__ unsigned bins[256];
  bins[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&bins[data[i]], 1u);
  __syncthreads();
  atomicAdd(&hist[threadIdx.x], bins[threadIdx.x]);
}
