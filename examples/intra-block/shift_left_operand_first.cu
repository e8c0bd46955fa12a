// Here `k << (k = 3)` with k = 1 is 8 (C++17 reads the left operand of a shift first): every
// thread writes r[0]. Buggy (a race). Before session 22 the model read k after the assignment (24).
// syncproof-args: --block 64 --grid 2
#include <cstdint>
__global__ void k(int* out) {
  __shared__ int r[64];
  unsigned t = threadIdx.x;
  int k = 1;
  int z = k << (k = 3);
  if (z == 8) r[0] = t; else r[t] = t;  // expected-race {{data race on 'r'}}
  __syncthreads();
  out[blockIdx.x * 64 + t] = r[t];
}
