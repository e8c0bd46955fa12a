// A cooperative relaxation loop with grid.sync() whose iteration count every thread loads
// from device memory (`int iters = *iters_in;`, written by the host before the launch).
// No thread writes iters_in, so every thread of the grid reads the same count, runs the
// loop alike and reaches every grid.sync(). (Before session 9 each thread's load was an
// arbitrary value of its own, and this kernel got 6 false divergence reports.)
// syncproof-args: --block 256 --grid 1:132 --cooperative
// expected-no-diagnostics
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void relax(float* buf, const int* iters_in) {
  cg::grid_group grid = cg::this_grid();
  int iters = *iters_in;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned n = gridDim.x * blockDim.x;
  for (int it = 0; it < iters; ++it) {
    float v = buf[(i + 1) % n];
    grid.sync();
    buf[i] = 0.5f * v;
    grid.sync();
  }
}
