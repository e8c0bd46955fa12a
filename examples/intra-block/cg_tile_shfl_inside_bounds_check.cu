// warp_shfl_inside_bounds_check.cu in cooperative groups: thread_block_tile<32>::shfl_down is
// a collective of the whole tile (every thread of the tile must call it), and here it runs
// inside if (i < n), so in the tile that straddles n only some threads call it.
// syncproof-args: --block 128 --grid 1:1024 --param n=1:100000
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tile_sums(const float* in, float* out, int n) {
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = 0.0f;
  if (i < n) {
    v = in[i];
    for (int o = 16; o > 0; o /= 2) v += tile.shfl_down(v, o);  // expected-warp-sync {{names lane}}
  }
  if (tile.thread_rank() == 0) out[i / 32] = v;
}
