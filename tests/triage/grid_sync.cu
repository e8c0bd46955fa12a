// TRIAGE (spurious race next to an unmodelled barrier): two-phase normalisation in one
// cooperative launch. Every block writes its partial sum, the whole grid synchronises with
// grid.sync(), then every thread reads all partial sums. syncproof correctly reports
// grid.sync() as not modelled, but it also reports a race between the write of
// partial[blockIdx.x] and the read of partial[b], which grid.sync() orders (it is also a
// block-wide barrier). Expected: only the unknown. See examples/TRIAGE.md.
// syncproof-args: --block 256 --grid 1:128
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void normalise(float* x, float* partial) {
  cg::grid_group grid = cg::this_grid();
  unsigned i = blockIdx.x * 256 + threadIdx.x;
  if (threadIdx.x == 0)
    partial[blockIdx.x] = x[blockIdx.x * 256];
  grid.sync();  // expected-unknown {{not modelled}}
  float total = 0.0f;
  for (unsigned b = 0; b < gridDim.x; b++)
    total += partial[b];
  x[i] /= total;
}
