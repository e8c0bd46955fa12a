// Kogge-Stone inclusive scan of one block's values in shared memory.
// Bug: the barrier after the write is missing, so round k+1 reads s[tid - offset]
// while the owning thread may still be adding round k's value into it.
// syncproof-args: --block 256 --grid 1:65535

__global__ void scan_kogge_stone(float* out, const float* in) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  s[tid] = in[i];
  __syncthreads();
  for (unsigned offset = 1; offset < blockDim.x; offset *= 2) {
    float t = tid >= offset ? s[tid - offset] : 0.0f;
    __syncthreads();
    s[tid] += t;  // expected-race {{data race on 's' (shared memory, within a block)}}
  }
  out[i] = s[tid];
}
