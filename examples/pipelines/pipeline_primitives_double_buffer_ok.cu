// Double buffering with the pipeline primitives of cuda_pipeline_primitives.h, which on
// sm_80 and later are cp.async (__pipeline_memcpy_async), cp.async.commit_group
// (__pipeline_commit) and cp.async.wait_group (__pipeline_wait_prior). Each thread copies
// its 16 bytes of chunk i + 1, commits, waits until at most one group is pending (chunk i
// has landed for this thread), and __syncthreads() makes every thread's copies of chunk i
// visible before a neighbour's element is read; the second __syncthreads() keeps buffer
// i & 1 until everyone has read it. nchunks in [0, 3]: every value is checked with the
// loop unrolled, which covers the range, so the result is a proof.
// syncproof-args: --block 128 --grid 1:4096 --param nchunks=0:3
// expected-no-diagnostics
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
    __pipeline_wait_prior(1);
    __syncthreads();
    acc += buf[i & 1][t * 4] + buf[i & 1][(t * 4 + 4) % 512];
    __syncthreads();
  }
  __pipeline_wait_prior(0);
  out[size_t(blockIdx.x) * 128 + t] = acc;
}
