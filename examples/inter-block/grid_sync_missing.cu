// Two-phase normalisation, cooperative launch.
// Bug: the grid.sync() between writing the partial sums and reading them is missing, so
// a block may read partial[b] before block b has written it.
// syncproof-args: --block 256 --grid 1:128 --cooperative
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void normalise(float* x, float* partial) {
  unsigned i = blockIdx.x * 256 + threadIdx.x;
  if (threadIdx.x == 0)
    partial[blockIdx.x] = x[blockIdx.x * 256];  // expected-race {{data race on 'partial' (global memory, between blocks)}}
  __syncthreads();
  float total = 0.0f;
  for (unsigned b = 0; b < gridDim.x; b++)
    total += partial[b];
  x[i] /= total;
}
