// TRIAGE (unknown): syncproof answers unknown: "could not decide whether
// 'odata[(y + j) * height + x]' and 'odata[(y + j) * height + x]' race" (the between-blocks
// query hits the solver resource limit; --timeout 60000 changes nothing). The index is (blockIdx.x*32 + ty + j) *
// (gridDim.y*32) + blockIdx.y*32 + tx with x < height, i.e. injective; proving it needs the
// product of two symbolic launch values (blockIdx.x * gridDim.y), all bounded by 64*32. With a
// fixed grid (--grid 32,32) the same kernel is proved in about 3 s.
// CUDA Samples / "An Efficient Matrix Transpose in CUDA C/C++": 32x32 tile, 32x8 threads,
// each thread moves TILE_DIM / BLOCK_ROWS = 4 elements, tile padded by one column to avoid
// shared-memory bank conflicts. width = gridDim.x * TILE_DIM, height = gridDim.y * TILE_DIM.
// syncproof-args: --block 32,8 --grid 1:64,1:64
// expected-no-diagnostics
#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeNoBankConflicts(float* odata, const float* idata) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];

  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int width = gridDim.x * TILE_DIM;

  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];

  __syncthreads();

  x = blockIdx.y * TILE_DIM + threadIdx.x;  // transpose block offset
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  int height = gridDim.y * TILE_DIM;

  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}
