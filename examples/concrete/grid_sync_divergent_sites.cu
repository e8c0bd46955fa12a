// BUG (barrier divergence): grid.sync() called from two different call sites of an if/else whose
// condition differs between the threads of one warp (even/odd lanes). grid.sync() begins and
// ends with a block barrier (bar.sync 0, .aligned): lanes of one warp at two different
// bar.sync instructions is undefined behaviour. barrier() accepts a grid instance whose
// arrivals come from different statements when their text is equal (only kinds 0 and 5 demand
// the same statement).
// Found by the session-18 review of the concrete prover (docs/concrete.md), which gives up
// on it; the expected findings are the symbolic checker's.
// syncproof-args: --block 64 --grid 2 --cooperative
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(const float* in, float* buf, float* out) {
  unsigned t = threadIdx.x, b = blockIdx.x, i = b * 64 + t;
  cg::grid_group g = cg::this_grid();
  if (t & 1u) {
    buf[i] = in[i] * 2.0f;
    g.sync();
  } else {
    buf[i] = in[i];
    g.sync();
  }
  out[i] = buf[127 - i];
}
// expected-divergence@-7 {{barrier divergence: 'grid.sync()' is reached by some}}
// expected-divergence@-5 {{barrier divergence: 'grid.sync()' is reached by some}}
// expected-divergence@-9 {{grid barrier divergence: 'grid.sync()' is reached by some}}
// expected-divergence@-7 {{grid barrier divergence: 'grid.sync()' is reached by some}}
