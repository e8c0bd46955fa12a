// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 256 --grid 1:64 --param steps=0:1000
// corpus-expect: buggy race
// BUGGY: buf = {x, y, z, y}; src = buf[s&3], dst = buf[(s+1)&3] (always distinct). Extra
// write z[i] = 0 in iterations s%4==2, where src == z and other threads read z[(i+1)%n]
// in the same iteration (no grid.sync in between): race only on buffer z.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(float* x, float* y, float* z, int steps) {
  cg::grid_group g = cg::this_grid();
  int n = gridDim.x * blockDim.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float* buf[4] = {x, y, z, y};
  for (int s = 0; s < steps; ++s) {
    float* src = buf[s & 3];
    float* dst = buf[(s + 1) & 3];
    dst[i] = 0.5f * (src[i] + src[(i + 1) % n]);
    if ((s & 3) == 2) z[i] = 0.0f;
    g.sync();
  }
}
