// Block reduction whose last steps run in warp 0 as a loop with two __syncwarp() per step:
// all lanes read before anyone overwrites, and all write before the next read.
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
