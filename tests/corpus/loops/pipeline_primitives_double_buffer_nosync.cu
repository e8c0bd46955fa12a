// corpus-source: written from: CUDA C++ Programming Guide, "Pipeline Primitives Interface" (__pipeline_memcpy_async, __pipeline_commit, __pipeline_wait_prior) and its double-buffering guidance (wait for the stage, __syncthreads before reading other threads' copies, __syncthreads before a buffer is refilled)
// corpus-form: written
// syncproof-args: --block 256 --grid 1:4096 --param num_chunks=0:1000000
// corpus-expect: buggy race
// Same double buffering as pipeline_primitives_double_buffer_ok.cu without the trailing __syncthreads. A thread
// that finishes iteration i early starts iteration i+1 and issues __pipeline_memcpy_async of chunk i+2 into
// buf[i&1] while slower threads are still reading their neighbours' elements of chunk i there (num_chunks >= 3).
#include <cuda_pipeline.h>

constexpr int kThreads = 256;
constexpr int kChunk = kThreads * 4;  // floats per chunk, one 16-byte copy per thread

__global__ void __launch_bounds__(kThreads)
stream_stencil(const float* __restrict__ in, float* __restrict__ out, int num_chunks) {
  __shared__ alignas(16) float buf[2][kChunk];
  const int t = threadIdx.x;
  const float* src = in + size_t(blockIdx.x) * size_t(num_chunks) * kChunk;

  if (num_chunks > 0) __pipeline_memcpy_async(&buf[0][t * 4], &src[t * 4], 16);
  __pipeline_commit();

  float acc = 0.f;
  for (int i = 0; i < num_chunks; ++i) {
    if (i + 1 < num_chunks) __pipeline_memcpy_async(&buf[(i + 1) & 1][t * 4], &src[size_t(i + 1) * kChunk + t * 4], 16);  // corpus-bug
    __pipeline_commit();
    __pipeline_wait_prior(1);  // chunk i (this thread's part) has landed
    __syncthreads();           // ... and every other thread's part too

    const float* b = buf[i & 1];
    for (int j = 0; j < 4; ++j) acc += 0.25f * b[(t * 4 + j + kChunk - 1) % kChunk] + 0.5f * b[t * 4 + j] + 0.25f * b[(t * 4 + j + 1) % kChunk];

  }
  __pipeline_wait_prior(0);
  out[size_t(blockIdx.x) * kThreads + t] = acc;
}
