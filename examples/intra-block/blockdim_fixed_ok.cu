// Sums 512 values per block, written for exactly 256 threads: each thread loads two
// elements (t and t + 256). Proved for the launch it was written for (--block 256);
// blockdim_any_race.cu is the same kernel checked for any block size.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics

__global__ void sum512(float* out, const float* in) {
  __shared__ float s[512];
  unsigned t = threadIdx.x;
  const float* src = in + blockIdx.x * 512;
  s[t] = src[t];
  s[t + 256] = src[t + 256];
  __syncthreads();
  for (unsigned stride = 256; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}
