// Reverses each block's 256 values through shared memory, using cooperative groups:
// block.sync() is the same barrier as __syncthreads().
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void block_reverse(float* data) {
  __shared__ float s[256];
  cg::thread_block block = cg::this_thread_block();
  unsigned t = block.thread_rank();
  unsigned g = blockIdx.x * 256 + t;
  s[t] = data[g];
  block.sync();
  data[g] = s[255 - t];
}
