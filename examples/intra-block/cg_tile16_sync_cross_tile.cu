// Each thread writes its slot, syncs its 16-thread tile (cg::tiled_partition<16>: in the CUDA
// 13 headers tile.sync() is __syncwarp(0xffff << (lane & ~15))) and reads the slot of lane
// t ^ 16, which is in the other tile of the warp. Bug: lanes 0 and 16 run the same
// statement, but with masks that do not name each other, so nothing orders lane 16's write
// before lane 0's read. Before session 14 two lanes at one __syncwarp statement were taken to
// be ordered whatever their masks (proved). cg_tile16_sync_ok.cu reads within the tile.
// syncproof-args: --block 256 --grid 1:1024
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void exchange(const float* in, float* out) {
  __shared__ float s[256];
  auto tile = cg::tiled_partition<16>(cg::this_thread_block());
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];  // expected-race {{write 's[t]' conflicts with read 's[t ^ 16]'}}
  tile.sync();
  out[blockIdx.x * 256 + t] = s[t ^ 16];
}
