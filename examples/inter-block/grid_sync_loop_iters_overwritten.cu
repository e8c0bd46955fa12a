// grid_sync_loop_iters_from_memory_ok.cu, but the last block lowers the count while other
// blocks may still be loading it: blocks can run different numbers of iterations, and the
// threads of the blocks that run more wait forever at a grid.sync() the others never reach.
// syncproof-args: --block 256 --grid 1:132 --cooperative
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void relax(float* buf, int* iters_in) {
  cg::grid_group grid = cg::this_grid();
  if (blockIdx.x == gridDim.x - 1 && threadIdx.x == 0) *iters_in = 1;  // expected-race {{data race on 'iters_in'}}
  int iters = *iters_in;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned n = gridDim.x * blockDim.x;
  for (int it = 0; it < iters; ++it) {  // expected-unknown {{between threads of a block}} expected-unknown {{can differ between blocks}}
    float v = buf[(i + 1) % n];
    grid.sync();  // expected-unknown {{some threads of a block}} expected-unknown {{some threads of the grid}}
    buf[i] = 0.5f * v;
    grid.sync();  // expected-unknown {{some threads of a block}} expected-unknown {{some threads of the grid}}
  }
}
