// std::min / std::max in device code (legal with --expt-relaxed-constexpr, as PyTorch builds):
// they return a reference to one argument, whose value is (a < b) ? b : a. Every thread
// t >= n writes s[n]. Before session 24 the reference was an unmodelled lvalue (unknown).
// syncproof-args: --block 64 --grid 1 --param n=0:63
#include <algorithm>
__global__ void k(int *o, int n) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[std::min(t, n)] = t;  // expected-race {{data race on 's'}}
  __syncthreads();
  o[t] = s[std::max(t - 1, 0)];
}
