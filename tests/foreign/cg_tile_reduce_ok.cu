// Block sum with cooperative groups (as in the CUDA Programming Guide / reductionMultiBlockCG
// sample): thread_block_tile<32> shuffles, one partial per tile in shared memory, tile 0
// reduces the partials and its rank-0 thread writes the block's result.
// syncproof-args: --block 256 --grid 1:65535 --param n=0:67108864
// expected-no-diagnostics
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <typename T>
__device__ T tile_sum(cg::thread_block_tile<32> tile, T v) {
  for (int i = tile.size() / 2; i > 0; i /= 2)
    v += tile.shfl_down(v, i);
  return v;  // valid in tile.thread_rank() == 0
}

__global__ void block_sum_cg(const float* __restrict__ in, float* __restrict__ partial, int n) {
  __shared__ float tile_partials[32];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);

  float v = 0.0f;
  for (int i = block.group_index().x * block.size() + block.thread_rank(); i < n;
       i += block.size() * gridDim.x)
    v += in[i];

  v = tile_sum(tile, v);
  if (tile.thread_rank() == 0) tile_partials[tile.meta_group_rank()] = v;
  block.sync();

  if (tile.meta_group_rank() == 0) {
    v = tile.thread_rank() < tile.meta_group_size() ? tile_partials[tile.thread_rank()] : 0.0f;
    v = tile_sum(tile, v);
    if (tile.thread_rank() == 0) partial[blockIdx.x] = v;
  }
}
