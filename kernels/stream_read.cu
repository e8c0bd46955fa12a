// stream_read.cu — the memory floor: how fast can this GPU read a buffer much larger than L2?
// 16-byte streaming loads (__ldcs), grid-stride, several loads in flight per thread.
// Prints the median of 50 timed passes over a 4 GiB buffer (after 5 warm-ups), per config.
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <vector>
#include "cuda_check.h"


__global__ void fill(uint4* p, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    p[i] = make_uint4((unsigned)i, (unsigned)(i * 3), (unsigned)(i ^ 0x55), 7u);
}

template <int UNROLL>
__global__ void stream_read(const uint4* __restrict__ p, size_t n, unsigned* sink) {
  unsigned acc = 0;
  const size_t stride = (size_t)gridDim.x * blockDim.x;
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  for (; i + (UNROLL - 1) * stride < n; i += UNROLL * stride) {
    uint4 v[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) v[u] = __ldcs(p + i + u * stride);
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) acc ^= v[u].x ^ v[u].y ^ v[u].z ^ v[u].w;
  }
  for (; i < n; i += stride) { uint4 v = __ldcs(p + i); acc ^= v.x ^ v.y ^ v.z ^ v.w; }
  if (acc == 0x12345678u) *sink = acc;
}

int main() {
  const size_t bytes = 4ull << 30, n = bytes / 16;
  uint4* p; unsigned* sink;
  CK(cudaMalloc(&p, bytes)); CK(cudaMalloc(&sink, 4));
  fill<<<4096, 256>>>(p, n); CK(cudaDeviceSynchronize());
  int sms; CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
  struct Cfg { int blocks, threads, unroll; } cfgs[] = {
    {2 * sms, 1024, 1}, {2 * sms, 1024, 4}, {sms, 1024, 4}, {sms, 1024, 8}, {2 * sms, 256, 4}, {4 * sms, 512, 4}};
  printf("%-8s %-8s %-7s %-10s %-10s\n", "blocks", "threads", "unroll", "median_ms", "TB/s");
  for (auto c : cfgs) {
    std::vector<float> t;
    for (int it = 0; it < 55; ++it) {
      CK(cudaEventRecord(a));
      if (c.unroll == 1) stream_read<1><<<c.blocks, c.threads>>>(p, n, sink);
      else if (c.unroll == 4) stream_read<4><<<c.blocks, c.threads>>>(p, n, sink);
      else stream_read<8><<<c.blocks, c.threads>>>(p, n, sink);
      CK(cudaEventRecord(b)); CK(cudaEventSynchronize(b)); CK(cudaGetLastError());
      float ms; CK(cudaEventElapsedTime(&ms, a, b));
      if (it >= 5) t.push_back(ms);
    }
    std::sort(t.begin(), t.end());
    float med = t[t.size() / 2];
    printf("%-8d %-8d %-7d %-10.4f %-10.3f\n", c.blocks, c.threads, c.unroll, med, bytes / (med * 1e-3) * 1e-12);
  }
  return 0;
}
