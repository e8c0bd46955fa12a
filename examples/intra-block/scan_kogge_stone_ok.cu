// Kogge-Stone inclusive scan of one block's values in shared memory.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics

__global__ void scan_kogge_stone(float* out, const float* in) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  s[tid] = in[i];
  __syncthreads();
  for (unsigned offset = 1; offset < blockDim.x; offset *= 2) {
    float t = tid >= offset ? s[tid - offset] : 0.0f;
    __syncthreads();  // every thread has read before anyone writes
    s[tid] += t;
    __syncthreads();  // every thread has written before the next round reads
  }
  out[i] = s[tid];
}
