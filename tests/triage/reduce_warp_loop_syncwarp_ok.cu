// Block reduction whose last 64 -> 1 steps run in the first warp only; __syncwarp()
// separates every read of a neighbour's partial sum from the next write.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics

__global__ void reduce_warp_tail(float* out, const float* in) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  for (unsigned stride = 128; stride > 32; stride >>= 1) {
    if (tid < stride)
      s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid < 32) {
    float v = s[tid];
    for (unsigned off = 32; off > 0; off >>= 1) {
      v += s[tid + off];
      __syncwarp();  // all lanes have read before anyone overwrites
      s[tid] = v;
      __syncwarp();  // all lanes have written before the next read
    }
    if (tid == 0)
      out[blockIdx.x] = v;
  }
}
