// Single-block adjacent difference over n elements, staged 256 at a time in shared memory.
// The loop runs the same number of times in every thread (base is uniform); threads past
// the end load a dummy value, so every thread reaches both barriers in every iteration.
// syncproof-args: --block 256 --grid 1 --param n=1:1000000
// expected-no-diagnostics

__global__ void adjacent_diff(float* out, const float* in, int n) {
  __shared__ float s[257];
  int t = threadIdx.x;
  for (int base = 0; base < n; base += 256) {
    int i = base + t;
    s[t] = i < n ? in[i] : 0.0f;
    if (t == 0)
      s[256] = base + 256 < n ? in[base + 256] : 0.0f;
    __syncthreads();
    if (i + 1 < n)
      out[i] = s[t + 1] - s[t];
    __syncthreads();
  }
}
