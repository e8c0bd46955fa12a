// grid_sync_loop_one_sync.cu with a grid.sync() at the start of every iteration as well:
// the reads of iteration k + 1 come after every block's write of iteration k.
// Correct: each read and each write of a cell is separated by a grid.sync() from the other
// blocks' accesses to it.
// syncproof-args: --block 256 --grid 2:64 --cooperative --param iters=1:100
// expected-no-diagnostics
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void ring_update(float* a, int iters) {
  cg::grid_group g = cg::this_grid();
  unsigned b = blockIdx.x, t = threadIdx.x;
  for (int k = 0; k < iters; ++k) {
    g.sync();
    float v = a[((b + 1) % gridDim.x) * 256 + t];
    g.sync();
    a[b * 256 + t] = v + 1.0f;
  }
}
