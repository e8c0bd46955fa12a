// pointer_array_rows_ok.cu without the __syncthreads() between staging the rows and reading
// them through the array of row pointers.
// Bug: a thread reads its neighbour's column of rows 1 and 3 (through rows[u][t] in the
// helper) while the neighbour may not have stored it yet.
// syncproof-args: --block 64 --grid 1:65535

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
  for (int r = 0; r < 4; r++) tile[r][t] = in[(blockIdx.x * 4 + r) * 64 + t];  // expected-race {{data race on 'tile'}}
  const float* rows[2];
  for (int u = 0; u < 2; u++) rows[u] = tile[2 * u + 1];
  out[blockIdx.x * 64 + t] = sum_rows<2>(rows, (t + 1) % 64);
}
