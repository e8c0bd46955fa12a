// Sums 512 values per block, written for exactly 256 threads: each thread loads two
// elements (t and t + 256). Same kernel as blockdim_fixed_ok.cu, but checked for any
// 1-D block of up to 1024 threads.
// Bug (for blockDim.x > 256): thread t + 256 stores s[t + 256] in the first statement while
// thread t stores the same cell in the second. The kernel silently assumes blockDim.x == 256.
// Since session 19 also: for blockDim.x > 256 the index passes the end of 's' (not proved).
// syncproof-args: --block 1:1024 --grid 1:65535

__global__ void sum512(float* out, const float* in) {
  __shared__ float s[512];
  unsigned t = threadIdx.x;
  const float* src = in + blockIdx.x * 512;
  s[t] = src[t];  // expected-unknown {{'s[t]' may lie outside 's' (2048 bytes)}}
  s[t + 256] = src[t + 256];  // expected-race {{data race on 's' (shared memory, within a block)}}
  // expected-unknown@-1 {{'s[t + 256]' may lie outside 's' (2048 bytes)}}
  __syncthreads();
  for (unsigned stride = 256; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}
