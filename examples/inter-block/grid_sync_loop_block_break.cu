// A cooperative kernel iterates with grid.sync() in a `while (true)` loop; block 3 leaves
// it through a `break` after the first step while the other blocks go on and wait at the
// next grid.sync() for a block that never comes: the grid hangs. The loop's condition is
// the same everywhere; the divergence is in the exit. (A regression test: until session 10
// only loop conditions were compared, and this kernel was proved.)
// syncproof-args: --block 256 --grid 8 --cooperative
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void steps(float* data) {
  cg::grid_group grid = cg::this_grid();
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  while (true) {  // expected-divergence {{blocks leave it after different iterations}}
    data[i] += 1.0f;
    grid.sync();
    if (blockIdx.x == 3) break;
  }
}
