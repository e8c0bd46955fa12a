// A local array of row pointers handed to an unrolled helper by reference (the way GEMV
// kernels pass the U pages they consume at once: `const T* const (&pg)[U]`): the block stages 4
// rows, then every thread adds the odd rows at its neighbour's column through rows[0..1].
// Correct: the barrier orders the staging before the reads; each element of `rows` points into
// 'tile', so every read has its address.
// syncproof-args: --block 64 --grid 1:65535
// expected-no-diagnostics

template <int U>
__device__ __forceinline__ float sum_rows(const float* const (&rows)[U], int t) {
  float s = 0.0f;
#pragma unroll
  for (int u = 0; u < U; ++u) s += rows[u][t];
  return s;
}

__global__ void odd_rows(const float* in, float* out) {
  __shared__ float tile[4][64];
  unsigned t = threadIdx.x;
  for (int r = 0; r < 4; r++) tile[r][t] = in[(blockIdx.x * 4 + r) * 64 + t];
  __syncthreads();
  const float* rows[2];
  for (int u = 0; u < 2; u++) rows[u] = tile[2 * u + 1];
  out[blockIdx.x * 64 + t] = sum_rows<2>(rows, (t + 1) % 64);
}
