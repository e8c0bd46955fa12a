// The twin of std_min_index_race.cu: std::min(t, 63) is t for the 64 threads, and
// std::max(a[t], 0.0f) reads a[t] (a float: its value is not followed, its read is).
// syncproof-args: --block 64 --grid 1:1024
// expected-no-diagnostics
#include <algorithm>
__global__ void k(int *o, const float *a, float *f) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[std::min(t, 63)] = t;
  f[blockIdx.x * 64 + t] = std::max(a[blockIdx.x * 64 + t], 0.0f);
  __syncthreads();
  o[blockIdx.x * 64 + t] = s[std::max(63 - t, 0)];
}
