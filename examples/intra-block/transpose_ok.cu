// Tiled matrix transpose through a shared-memory tile (n x n matrix, n a multiple of TILE).
// syncproof-args: --block 16,16 --grid 1:64,1:64 --param n=1024
// expected-no-diagnostics
#define TILE 16

__global__ void transpose(float* out, const float* in, int n) {
  __shared__ float tile[TILE][TILE + 1];  // +1 column avoids bank conflicts
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * TILE + tx;
  int y = blockIdx.y * TILE + ty;
  tile[ty][tx] = in[y * n + x];
  __syncthreads();  // the whole tile must be loaded before it is read transposed
  x = blockIdx.y * TILE + tx;
  y = blockIdx.x * TILE + ty;
  out[y * n + x] = tile[tx][ty];
}
