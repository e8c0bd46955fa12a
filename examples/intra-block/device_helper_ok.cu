// Circular 3-point smoothing of each block's 128 values; the shared-memory accesses and
// the barrier live in __device__ helpers that the kernel calls.
// syncproof-args: --block 128 --grid 1:65535
// expected-no-diagnostics

__device__ void stage_tile(float* tile, const float* src) {
  tile[threadIdx.x] = src[threadIdx.x];
  __syncthreads();  // the tile is complete when the helper returns
}

__device__ float smooth3(const float* tile) {
  unsigned t = threadIdx.x;
  return (tile[(t + 127) % 128] + tile[t] + tile[(t + 1) % 128]) / 3.0f;
}

__global__ void smooth(float* out, const float* in) {
  __shared__ float tile[128];
  stage_tile(tile, in + blockIdx.x * 128);
  out[blockIdx.x * 128 + threadIdx.x] = smooth3(tile);
}
