// PMPP (Kirk & Hwu) ch. 5 tiled matrix multiply, textbook style: square Width x Width
// matrices, TILE_WIDTH x TILE_WIDTH thread blocks, bounds checks for arbitrary Width,
// phases over the K dimension with two barriers per phase.
// syncproof-args: --block 16,16 --grid 1:64,1:64 --param Width=1:1024
// expected-no-diagnostics
#define TILE_WIDTH 16

__global__ void MatrixMulKernel(float* M, float* N, float* P, int Width) {
  __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
  __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];

  int bx = blockIdx.x;  int by = blockIdx.y;
  int tx = threadIdx.x; int ty = threadIdx.y;

  // Identify the row and column of the P element to work on
  int Row = by * TILE_WIDTH + ty;
  int Col = bx * TILE_WIDTH + tx;

  float Pvalue = 0;
  // Loop over the M and N tiles required to compute the P element
  for (int ph = 0; ph < (Width + TILE_WIDTH - 1) / TILE_WIDTH; ++ph) {
    // Collaborative loading of M and N tiles into shared memory
    if ((Row < Width) && (ph * TILE_WIDTH + tx) < Width)
      Mds[ty][tx] = M[Row * Width + ph * TILE_WIDTH + tx];
    else
      Mds[ty][tx] = 0;
    if ((ph * TILE_WIDTH + ty) < Width && Col < Width)
      Nds[ty][tx] = N[(ph * TILE_WIDTH + ty) * Width + Col];
    else
      Nds[ty][tx] = 0;
    __syncthreads();

    for (int k = 0; k < TILE_WIDTH; ++k) {
      Pvalue += Mds[ty][k] * Nds[k][tx];
    }
    __syncthreads();
  }
  if ((Row < Width) && (Col < Width))
    P[Row * Width + Col] = Pvalue;
}
