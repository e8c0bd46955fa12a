// An iterative update over a ring of blocks with one grid.sync() per iteration: every block
// reads its right neighbour's cell, the grid synchronises, every block writes its own cell.
// Bug: nothing separates a block's write of iteration k from its left neighbour's read of
// iteration k + 1 (both lie between the same two grid.sync() calls): the read may see either
// value. A second grid.sync() after the write fixes it (grid_sync_loop_two_syncs_ok.cu).
// Reported at the write.
// syncproof-args: --block 256 --grid 2:64 --cooperative --param iters=1:100
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void ring_update(float* a, int iters) {
  cg::grid_group g = cg::this_grid();
  unsigned b = blockIdx.x, t = threadIdx.x;
  for (int k = 0; k < iters; ++k) {
    float v = a[((b + 1) % gridDim.x) * 256 + t];
    g.sync();
    a[b * 256 + t] = v + 1.0f;  // expected-race {{data race on 'a' (global memory, between blocks)}}
  }
}
