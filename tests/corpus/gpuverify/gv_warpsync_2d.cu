// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/warpsync/2d/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 4,4,1 --grid 10,10,1
// corpus-expect: buggy race
// GPUVerify expects //pass //--blockDim=[4,4] --gridDim=[10,10] --warp-sync=16 --no-inline -- passes only under GPUVerify --warp-sync lockstep assumption; under independent thread scheduling (sm_70+) the unsynchronised intra-warp accesses race
// corpus-note: real truth under CUDA semantics (independent thread scheduling, sm_70+): buggy race -- GPUVerify's pass rests on --warp-sync lockstep execution, which CUDA does not guarantee
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=[4,4] --gridDim=[10,10] --warp-sync=16 --no-inline

#include <cuda.h>

#define SIZE 4
#define TILES 10
#define LENGTH (TILES * SIZE)

__global__ void matrix_transpose(float* A)
{
  __shared__ float tile [SIZE][SIZE];
  
  int x = threadIdx.x;
  int y = threadIdx.y;

  int tile_x = blockIdx.x;
  int tile_y = blockIdx.y;

	//tile[x][y] = A[((x + (tile_x * SIZE)) * LENGTH) + (y + (tile_y * SIZE))];

	tile[x][y] = tile[y][x];

	__syncthreads();

	A[((x + (tile_y * SIZE)) * LENGTH) + (y + (tile_x * SIZE))] = tile[x][y];
}
