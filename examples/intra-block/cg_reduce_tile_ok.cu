// cg::reduce over a thread_block_tile<32>: a collective of the whole tile (every thread of
// the tile takes part), called by every thread; the value past the end is 0.
// syncproof-args: --block 128 --grid 1:64 --param n=1:100000
// expected-no-diagnostics
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void tile_sums(const float* in, float* out, int n) {
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  v = cg::reduce(tile, v, cg::plus<float>());
  if (tile.thread_rank() == 0) out[i / 32] = v;
}
