// The double buffer of pipeline_primitives_double_buffer_ok.cu, but it waits with
// __pipeline_wait_prior(2), as if three buffers were in flight. Bug: with two groups
// allowed to stay pending, chunk i's copies (the group before the newest) need not have
// landed when buffer i & 1 is read.
// syncproof-args: --block 128 --grid 1:4096 --param nchunks=0:3
#include <cuda_pipeline.h>

__global__ void __launch_bounds__(128) smooth(const float* in, float* out, int nchunks) {
  __shared__ alignas(16) float buf[2][512];
  const int t = threadIdx.x;
  const float* src = in + size_t(blockIdx.x) * size_t(nchunks) * 512;
  if (nchunks > 0) __pipeline_memcpy_async(&buf[0][t * 4], &src[t * 4], 16);
  __pipeline_commit();
  float acc = 0.f;
  for (int i = 0; i < nchunks; ++i) {
    if (i + 1 < nchunks) __pipeline_memcpy_async(&buf[(i + 1) & 1][t * 4], &src[size_t(i + 1) * 512 + t * 4], 16);
    __pipeline_commit();
    __pipeline_wait_prior(2);
    __syncthreads();
    acc += buf[i & 1][t * 4] + buf[i & 1][(t * 4 + 4) % 512];  // expected-async-copy {{before completion: read 'buf[i & 1][t * 4]'}} expected-async-copy {{before completion: read 'buf[i & 1][(t * 4 + 4) % 512]'}}
    __syncthreads();
  }
  __pipeline_wait_prior(0);
  out[size_t(blockIdx.x) * 128 + t] = acc;
}
