// One step of a two-phase stencil with a grid-wide barrier, cooperative launch.
// Bug: block 0 "has no left neighbour to wait for" and skips the grid.sync(); the other
// blocks wait for it forever (every thread of the grid must reach grid.sync()).
// syncproof-args: --block 128 --grid 2:64 --cooperative
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void shift_left(float* a, float* b) {
  cg::grid_group grid = cg::this_grid();
  unsigned i = blockIdx.x * 128 + threadIdx.x;
  b[i] = a[i];
  if (blockIdx.x != 0)
    grid.sync();  // expected-divergence {{grid barrier divergence}}
  if (i > 0) a[i - 1] = b[i];  // expected-race {{data race on 'a' (global memory, within a block)}}
}
