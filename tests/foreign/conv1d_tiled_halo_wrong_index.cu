// PMPP (2nd ed.) ch. 8 tiled 1-D convolution: block of TILE_SIZE threads, shared array with
// n = MASK_WIDTH/2 halo cells on each side; the last n threads load the left halo, the first
// n threads load the right halo.
// Bug: the right halo is stored at N_ds[blockDim.x + threadIdx.x] instead of
// N_ds[n + blockDim.x + threadIdx.x]: it overwrites interior cells n + t' (t' = blockDim.x -
// n + threadIdx.x) that other threads store in the same barrier interval (write/write).
// syncproof-args: --block 256 --grid 1:65535 --param Width=1:16777216
#define MASK_WIDTH 5
#define TILE_SIZE 256
__constant__ float M[MASK_WIDTH];

__global__ void convolution_1D_tiled_kernel(float* N, float* P, int Mask_Width, int Width) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __shared__ float N_ds[TILE_SIZE + MASK_WIDTH - 1];
  int n = MASK_WIDTH / 2;

  int halo_index_left = (blockIdx.x - 1) * blockDim.x + threadIdx.x;
  if (threadIdx.x >= blockDim.x - n) {
    N_ds[threadIdx.x - (blockDim.x - n)] = (halo_index_left < 0) ? 0 : N[halo_index_left];
  }
  N_ds[n + threadIdx.x] = (i < Width) ? N[i] : 0;
  int halo_index_right = (blockIdx.x + 1) * blockDim.x + threadIdx.x;
  if (threadIdx.x < n) {
    N_ds[blockDim.x + threadIdx.x] = (halo_index_right >= Width) ? 0 : N[halo_index_right];  // expected-race {{data race on 'N_ds' (shared memory, within a block)}}
  }
  __syncthreads();

  float Pvalue = 0;
  for (int j = 0; j < MASK_WIDTH; j++) {
    Pvalue += N_ds[threadIdx.x + j] * M[j];
  }
  if (i < Width) P[i] = Pvalue;
}
