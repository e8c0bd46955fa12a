// Block 0's thread 0 waits for a flag that block 1's thread 0 sets only after grid.sync().
// grid.sync() waits for every thread of the grid, block 0's thread 0 included, which
// arrives only after its wait: every execution hangs. Before session 12 this kernel was
// proved twice over: grid_group::thread_rank() was an arbitrary value (it hid the proof
// behind a false race), and no check saw that the flag's only write comes after a grid
// barrier the waiting thread must pass first.
// syncproof-args: --block 128 --grid 4 --cooperative
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void handoff(float* x, int* flag) {
  cg::grid_group g = cg::this_grid();
  if (blockIdx.x == 0 && threadIdx.x == 0)
    while (atomicAdd(flag, 0) == 0) {  // expected-deadlock {{comes after the grid.sync()}}
    }
  g.sync();
  if (blockIdx.x == 1 && threadIdx.x == 0) atomicExch(flag, 1);
  x[g.thread_rank()] = 1.0f;
}
