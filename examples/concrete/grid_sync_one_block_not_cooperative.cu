// The correct two-phase normalisation, but the launch contract does not say the launch is
// cooperative. Bug: grid.sync() needs cudaLaunchCooperativeKernel; with a plain <<<>>>
// launch the blocks need not all be resident, and the grid barrier may wait forever.
// Found by the session-18 review of the concrete prover (docs/concrete.md), which gives up
// on it; the expected findings are the symbolic checker's.
// syncproof-args: --block 256 --grid 1
// (copy of examples/inter-block/grid_sync_not_cooperative.cu; also proved with --grid 4 --device h200 --blocks-per-sm 1.)
// Prover fault: barrier() accepts grid.sync when coResident, and coResident is true for nblocks == 1 or
// residentBlocks >= nblocks without --cooperative.
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
