// Here `(++k == 1) && (++k == 2)` is true (k is 1, then 2), so k ends at 3 and every thread
// writes r[0]. Buggy (a race). Before session 22 the result `c && rv` was built after the right
// operand's increment and read k == 2 for the left one (false): proved (adversarial review).
// syncproof-args: --block 64 --grid 2
#include <cstdint>
__global__ void k(int* out) {
  __shared__ int r[64];
  unsigned t = threadIdx.x;
  int k = 0; bool b = (++k == 1) && (++k == 2); k += b;
  int z = k;
  if (z == 3) r[0] = t; else r[t] = t;  // expected-race {{data race on 'r'}}
  __syncthreads();
  out[blockIdx.x * 64 + t] = r[t];
}
