// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 256 --grid 1:64 --param steps=1:1000
// corpus-expect: buggy race
// BUGGY: the pointer-array index depends on the thread: src = buf[(i+s)&1], dst =
// buf[(i+s+1)&1]. At s=0 even thread i reads x[i+1] while odd thread i+1 writes
// x[i+1] (its dst is x) in the same iteration, with no grid.sync between: race.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(float* x, float* y, int steps) {
  cg::grid_group g = cg::this_grid();
  int n = gridDim.x * blockDim.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float* buf[2] = {x, y};
  for (int s = 0; s < steps; ++s) {
    float* src = buf[(i + s) & 1];
    float* dst = buf[(i + s + 1) & 1];
    dst[i] = src[(i + 1) % n];
    g.sync();
  }
}
