// "LLM-generated" tiled SGEMM for row-major A (M x K), B (K x N), C (M x N) with index
// macros and __restrict__. Bug: no __syncthreads() between storing the tiles and the inner
// product, so thread (ty, tx) reads As[ty][k] / Bs[k][tx] while thread (ty, k) / (k, tx) may
// still be storing it. The barrier at the end of the iteration is there, so only the
// load->use direction races: one race per tile array (write vs. read).
// syncproof-args: --block 32,32 --grid 1:32,1:32 --param M=1:1024 --param N=1:1024 --param K=1:1024
#define TILE 32
#define IDX(r, c, ld) ((r) * (ld) + (c))

__global__ void sgemm_tiled(const float* __restrict__ A, const float* __restrict__ B,
                            float* __restrict__ C, int M, int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty;
  const int col = blockIdx.x * TILE + tx;
  float acc = 0.0f;

  for (int t = 0; t < K; t += TILE) {
    As[ty][tx] = (row < M && t + tx < K) ? A[IDX(row, t + tx, K)] : 0.0f;  // expected-race {{data race on 'As' (shared memory, within a block)}}
    Bs[ty][tx] = (t + ty < K && col < N) ? B[IDX(t + ty, col, N)] : 0.0f;  // expected-race {{data race on 'Bs' (shared memory, within a block)}}
    // missing: __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  if (row < M && col < N)
    C[IDX(row, col, N)] = acc;
}
