// Here `(++k == 1) ? ++k : 0` is 2: every thread writes r[0]. Buggy (a race). Before session 22
// the select read its condition after the branch incremented k (false, 0): proved.
// syncproof-args: --block 64 --grid 2
#include <cstdint>
__global__ void k(int* out) {
  __shared__ int r[64];
  unsigned t = threadIdx.x;
  int k = 0;
  int z = (++k == 1) ? ++k : 0;
  if (z == 2) r[0] = t; else r[t] = t;  // expected-race {{data race on 'r'}}
  __syncthreads();
  out[blockIdx.x * 64 + t] = r[t];
}
