// The CUDA samples' reduce1 shape: `for (s = 1; s < blockDim.x; s *= 2)`, with
// `index = 2 * s * tid` and a barrier in every level. s is 1 << k in iteration k;
// from iteration 32 on the shift would give 0, and `0 < blockDim.x` passes, but
// iteration 32 runs only if iteration 31 ran, whose test (2^31 < blockDim.x) fails.
// Proved (was a false race at byte offset 0 and a division by zero in `tid % (2 * s)`).
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics
__global__ void reduce1(const int *in, int *out) {
  extern __shared__ int sdata[];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x) sdata[index] += sdata[index + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}

__global__ void reduce0(const int *in, int *out) {
  extern __shared__ int sdata[];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if ((tid % (2 * s)) == 0) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
