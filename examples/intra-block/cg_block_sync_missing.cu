// Reverses each block's 256 values through shared memory, using cooperative groups.
// Bug: block.sync() is missing, so thread t reads s[255 - t] before thread 255 - t has
// stored it.
// syncproof-args: --block 256 --grid 1:65535
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void block_reverse(float* data) {
  __shared__ float s[256];
  cg::thread_block block = cg::this_thread_block();
  unsigned t = block.thread_rank();
  unsigned g = blockIdx.x * 256 + t;
  s[t] = data[g];  // expected-race {{data race on 's' (shared memory, within a block)}}
  data[g] = s[255 - t];
}
