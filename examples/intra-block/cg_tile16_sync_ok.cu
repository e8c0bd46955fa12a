// The kernel of cg_tile16_sync_cross_tile.cu reading the slot of lane t ^ 8, which is in the
// same 16-thread tile: the tile's sync (__syncwarp with the tile's mask) orders the write of
// every lane of the tile before the reads of the others.
// syncproof-args: --block 256 --grid 1:1024
// expected-no-diagnostics
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void exchange(const float* in, float* out) {
  __shared__ float s[256];
  auto tile = cg::tiled_partition<16>(cg::this_thread_block());
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  tile.sync();
  out[blockIdx.x * 256 + t] = s[t ^ 8];
}
