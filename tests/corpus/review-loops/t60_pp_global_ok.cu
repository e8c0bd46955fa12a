// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 256 --grid 1:64 --param steps=0:1000
// corpus-expect: correct
// CORRECT: global ping-pong through a pointer array of two distinct parameter buffers x,y;
// reads of element (i+1)%n belong to another thread/block; grid.sync() each iteration
// orders the write of iteration s before reads of s+1 and reads of s before writes of s+2.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(float* x, float* y, float* z, int steps) {
  cg::grid_group g = cg::this_grid();
  int n = gridDim.x * blockDim.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float* buf[2] = {x, y};
  for (int s = 0; s < steps; ++s) {
    float* src = buf[s & 1];
    float* dst = buf[(s + 1) & 1];
    dst[i] = 0.5f * (src[i] + src[(i + 1) % n]);
    g.sync();
  }
}
