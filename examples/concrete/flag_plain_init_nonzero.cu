// BUG: the ready flag (0 at launch) is first set to 1 by a plain store of thread 0 of block 0
// (meant to clear it), ordered before everything else by grid.sync(). Thread 31 of block 1 then writes
// data and publishes it with a release store of 1; thread 0 of block 0 waits for flag != 0.
// Since the flag is already 1, the wait passes immediately and reads data before block 1
// wrote it: a race. The concrete prover creates the flag (value 0) at the first strong store
// and never considers the earlier plain store.
// Found by the session-18 review of the concrete prover (docs/concrete.md), which gives up
// on it; the expected findings are the symbolic checker's.
// syncproof-args: --block 32 --grid 2 --cooperative
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(const float* in, float* data, unsigned* flag, float* out) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  if (b == 0 && t == 0) *flag = 1u;
  cg::this_grid().sync();
  if (b == 1 && t == 31) {
    data[0] = in[0];
    asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(flag), "r"(1u) : "memory");
  }
  if (b == 0 && t == 0) {
    unsigned v;
    do {
      asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(flag) : "memory");
    } while (v == 0u);
    out[0] = data[0];
  }
}
// expected-unknown@-11 {{possible data race on 'data' (global memory, between}}
// expected-unknown@-7 {{cannot prove that the wait on 'flag' completes: the writes}}
