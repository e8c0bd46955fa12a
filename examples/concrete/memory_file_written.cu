// BUG: role[] is given by the contract (--memory role=FILE, {1, 0}), but the kernel overwrites it:
// thread 0 of block 1 stores role[1] = 1 before grid.sync(). After the sync both blocks read
// role[b] == 1 and both thread-0s write out[0]: a race between blocks. The concrete prover
// evaluates every load of role[] from the file's bytes (memoryAccess: r.constData), even though
// the region is written (tracked), so it believes only block 0 writes out[0]. The symbolic
// checker's contractMemoryWrites() ("writes memory whose contents the contract gives" ->
// unknown) never runs because the concrete proof is returned first.
// Found by the session-18 review of the concrete prover (docs/concrete.md), which gives up
// on it; the expected findings are the symbolic checker's.
// syncproof-args: --block 32 --grid 2 --cooperative --memory role=%S/memory_file_written.words
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* role, float* out) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  if (b == 1 && t == 0) role[1] = 1;
  cg::this_grid().sync();
  if (t == 0 && role[b] == 1) out[0] = (float)b;
}
// expected-unknown@-4 {{'role[1]' writes 'role', whose contents the contract gives}}
