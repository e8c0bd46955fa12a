// cg_reduce_tile_ok.cu with the reduction inside if (i < n): in the tile that straddles n,
// the threads past the end never call the collective the others wait in.
// syncproof-args: --block 128 --grid 1:64 --param n=1:100000
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void tile_sums(const float* in, float* out, int n) {
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = 0.0f;
  if (i < n) {
    v = in[i];
    v = cg::reduce(tile, v, cg::plus<float>());  // expected-warp-sync {{names lane}}
  }
  if (tile.thread_rank() == 0) out[i / 32] = v;
}
