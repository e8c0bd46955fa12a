// Reduction of 64 values per block whose 64 -> 1 steps run in the first warp only; __syncwarp()
// separates every read of a neighbour's partial sum from the next write (CUDA 9+ style).
// syncproof-args: --block 64 --grid 1:65535
// expected-no-diagnostics

__global__ void reduce_warp_tail(float* out, const float* in) {
  __shared__ float s[64];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 64 + tid];
  __syncthreads();
  if (tid < 32) {
    float v = s[tid] + s[tid + 32];
    __syncwarp(); s[tid] = v; __syncwarp();
    v += s[tid + 16]; __syncwarp(); s[tid] = v; __syncwarp();
    v += s[tid + 8];  __syncwarp(); s[tid] = v; __syncwarp();
    v += s[tid + 4];  __syncwarp(); s[tid] = v; __syncwarp();
    v += s[tid + 2];  __syncwarp(); s[tid] = v; __syncwarp();
    v += s[tid + 1];
    if (tid == 0)
      out[blockIdx.x] = v;
  }
}
