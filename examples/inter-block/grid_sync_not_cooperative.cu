// The correct two-phase normalisation, but the launch contract does not say the launch is
// cooperative. Bug: grid.sync() needs cudaLaunchCooperativeKernel; with a plain <<<>>>
// launch the blocks need not all be resident, and the grid barrier may wait forever.
// syncproof-args: --block 256 --grid 1:128
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void normalise(float* x, float* partial) {
  cg::grid_group grid = cg::this_grid();
  unsigned i = blockIdx.x * 256 + threadIdx.x;
  if (threadIdx.x == 0)
    partial[blockIdx.x] = x[blockIdx.x * 256];
  grid.sync();  // expected-deadlock {{needs a cooperative launch}}
  float total = 0.0f;
  for (unsigned b = 0; b < gridDim.x; b++)
    total += partial[b];
  x[i] /= total;
}
