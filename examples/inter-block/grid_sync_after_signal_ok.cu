// grid_sync_before_signal.cu with the flag set before grid.sync(): block 1's thread 0 sets
// it without waiting for anything, so block 0's wait ends, and every thread then meets at
// grid.sync(). grid_group::thread_rank() is the thread's rank in the grid (distinct per
// thread), so the stores to x do not race.
// syncproof-args: --block 128 --grid 4 --cooperative
// expected-no-diagnostics
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void handoff(float* x, int* flag) {
  cg::grid_group g = cg::this_grid();
  if (blockIdx.x == 1 && threadIdx.x == 0) atomicExch(flag, 1);
  if (blockIdx.x == 0 && threadIdx.x == 0)
    while (atomicAdd(flag, 0) == 0) {
    }
  g.sync();
  x[g.thread_rank()] = 1.0f;
}
// syncproof-equivalent-mutant: wait-target@14:34#2 `== -1` passes at once; the wait orders nothing the kernel relies on
// syncproof-equivalent-mutant: barrier-remove@16:3 every thread stores its own x[thread_rank]; the flag hand-off uses atomics only
