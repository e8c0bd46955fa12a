// meta_group_rank() of a 16-thread tile partitioned from a 32-thread tile is its rank in the
// warp (0 or 1), not in the block: tiles 0 and 2 of the block both write slot 0. Before
// session 16 it was the block-wide rank (threadIdx.x / 16), every tile had its own slot, and
// the kernel was proved.
// syncproof-args: --block 64 --grid 1
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void per_tile(int* out) {
  __shared__ int slot[4];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  cg::thread_block_tile<16> half = cg::tiled_partition<16>(warp);
  if (half.thread_rank() == 0) slot[half.meta_group_rank()] = threadIdx.x;  // expected-race {{write 'slot[half.meta_group_rank()]' conflicts with write}}
  __syncthreads();
  if (threadIdx.x < 4) out[threadIdx.x] = slot[threadIdx.x];
}
