// The CUDA samples' conjugate-gradient loop shape: every thread tests the residual it read
// after grid.sync() (`while (r > tol)`), so all threads agree; but a floating-point
// comparison is a fresh value in each thread here, so the loop's uniformity and the barriers
// in it are possible divergences (unknown), not violations (before session 24: 4 violations).
// syncproof-args: --block 256 --grid 1:132 --cooperative
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void solve(float *x, float *res, float tol, int n) {
  cg::grid_group grid = cg::this_grid();
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float r = *res;
  while (r > tol) {  // expected-unknown {{possible barrier divergence: the loop}} expected-unknown {{possible grid barrier divergence: the loop}}
    if (i < n) x[i] *= 0.5f;
    grid.sync();  // expected-unknown {{possible barrier divergence}} expected-unknown {{possible grid barrier divergence}}
    r = *res;
    grid.sync();  // expected-unknown {{possible barrier divergence}} expected-unknown {{possible grid barrier divergence}}
  }
}
