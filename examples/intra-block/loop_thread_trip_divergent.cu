// Single-block adjacent difference over n elements, staged 256 at a time in shared memory.
// Bug: the loop counter starts at threadIdx.x, so when n is not a multiple of 256 the
// threads with t < n % 256 run one more iteration than the rest and reach the barriers
// alone in the last one.
// syncproof-args: --block 256 --grid 1 --param n=1:1000000

__global__ void adjacent_diff(float* out, const float* in, int n) {
  __shared__ float s[257];
  int t = threadIdx.x;
  for (int i = t; i < n; i += 256) {  // expected-divergence {{barrier divergence: the loop contains a barrier but its condition can differ}}
    s[t] = in[i];
    if (t == 0)
      s[256] = i + 256 < n ? in[i + 256] : 0.0f;
    __syncthreads();  // expected-divergence {{'__syncthreads' is reached by some threads of a block but not by others}}
    if (i + 1 < n)
      out[i] = s[t + 1] - s[t];
    __syncthreads();  // expected-divergence {{'__syncthreads' is reached by some threads of a block but not by others}}
  }
}
