// Tiled matrix transpose through a shared-memory tile (n x n matrix, n a multiple of TILE).
// Bug: no __syncthreads() between filling the tile and reading it transposed, so a
// thread reads tile[tx][ty] before thread (ty,tx) has written it.
// syncproof-args: --block 16,16 --grid 1:64,1:64 --param n=1024
#define TILE 16

__global__ void transpose(float* out, const float* in, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * TILE + tx;
  int y = blockIdx.y * TILE + ty;
  tile[ty][tx] = in[y * n + x];  // expected-race {{data race on 'tile' (shared memory, within a block)}}
  x = blockIdx.y * TILE + tx;
  y = blockIdx.x * TILE + ty;
  out[y * n + x] = tile[tx][ty];
}
