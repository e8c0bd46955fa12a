// SpMV y = A*x with A in CSR, "vector" kernel (Bell & Garland): one warp per row, lanes
// stride over the row's nonzeros, data-dependent column indices into x (reads only), warp
// sum with __shfl_down_sync, lane 0 stores y[row]. Early return for warps past the last row
// (warp-uniform, since blockDim.x is a multiple of 32).
// syncproof-args: --block 128 --grid 1:65535 --param num_rows=0:1048576
// expected-no-diagnostics

__global__ void spmv_csr_vector_kernel(int num_rows, const int* __restrict__ row_ptr,
                                       const int* __restrict__ col_idx,
                                       const float* __restrict__ vals,
                                       const float* __restrict__ x, float* __restrict__ y) {
  const int thread_id = blockDim.x * blockIdx.x + threadIdx.x;
  const int warp_id = thread_id / 32;  // global warp index
  const int lane = thread_id & (32 - 1);
  const int row = warp_id;  // one warp per row
  if (row >= num_rows) return;

  const int row_start = row_ptr[row];
  const int row_end = row_ptr[row + 1];
  float sum = 0.0f;
  for (int jj = row_start + lane; jj < row_end; jj += 32)
    sum += vals[jj] * x[col_idx[jj]];

#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2)
    sum += __shfl_down_sync(0xffffffff, sum, offset);

  if (lane == 0) y[row] = sum;
}
