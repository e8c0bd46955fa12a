// Row sums of a rows x cols matrix with 2-D thread blocks (32 x 8 threads, 8 rows per block)
// and the columns split over gridDim.x blocks; linear thread id `tid = threadIdx.x +
// blockDim.x * threadIdx.y` into a flat shared array, tree reduction over threadIdx.x.
// Bug: the column blocks of one row each store their partial sum with out[row] = ...
// instead of atomicAdd(&out[row], ...): blocks (bx, by) and (bx', by) with bx != bx' write
// the same element (write/write between blocks).
// syncproof-args: --block 32,8 --grid 1:16,1:4096 --param rows=1:32768 --param cols=1:4096
#define BX 32
#define BY 8
#define IDX(r, c, ld) ((r) * (ld) + (c))

__global__ void row_sums(const float* __restrict__ A, float* __restrict__ out, int rows, int cols) {
  __shared__ float red[BY * BX];
  const int tid = threadIdx.x + blockDim.x * threadIdx.y;
  const int row = blockIdx.y * BY + threadIdx.y;
  const int cols_per_block = (cols + gridDim.x - 1) / gridDim.x;
  const int c0 = blockIdx.x * cols_per_block;
  const int c1 = min(c0 + cols_per_block, cols);

  float s = 0.0f;
  if (row < rows)
    for (int c = c0 + threadIdx.x; c < c1; c += BX) s += A[IDX(row, c, cols)];
  red[tid] = s;
  __syncthreads();
  for (int stride = BX / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride) red[tid] += red[tid + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0 && row < rows)
    out[row] = red[tid];  // expected-race {{data race on 'out' (global memory, between blocks)}}
}
