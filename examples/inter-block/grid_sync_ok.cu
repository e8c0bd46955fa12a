// Two-phase normalisation in one cooperative launch: every block writes its partial sum,
// the whole grid synchronises with grid.sync(), then every thread reads all partial sums.
// syncproof-args: --block 256 --grid 1:128 --cooperative
// expected-no-diagnostics
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void normalise(float* x, float* partial) {
  cg::grid_group grid = cg::this_grid();
  unsigned i = blockIdx.x * 256 + threadIdx.x;
  if (threadIdx.x == 0)
    partial[blockIdx.x] = x[blockIdx.x * 256];
  grid.sync();  // every partial sum is written before any is read
  float total = 0.0f;
  for (unsigned b = 0; b < gridDim.x; b++)
    total += partial[b];
  x[i] /= total;
}
