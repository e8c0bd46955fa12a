// Circular 3-point smoothing of each block's 128 values; the shared-memory accesses live
// in __device__ helpers that the kernel calls.
// Bug: stage_tile no longer ends with __syncthreads() (and the caller does not sync
// either), so smooth3 reads the neighbours' cells before they are stored.
// syncproof-args: --block 128 --grid 1:65535

__device__ void stage_tile(float* tile, const float* src) {
  tile[threadIdx.x] = src[threadIdx.x];
  // expected-race@-1 {{data race on 'tile'}}  (vs. the read of tile[(t + 127) % 128])
  // expected-race@-2 {{data race on 'tile'}}  (vs. the read of tile[(t + 1) % 128])
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
