// `const int& m = cuda::std::max(s[t + 1], s[t])` keeps a reference into shared memory; after
// the second barrier thread t + 1 writes s[t + 1] while thread t reads it through m (a race).
// The reference a library function returns is not tracked: before session 15 reading it was
// an arbitrary value with no access (proved); a read of such an lvalue is now not modelled.
// syncproof-args: --block 128 --grid 1:65535
#include <cuda/std/__algorithm/max.h>

__global__ void kept_ref(int* out, const int* in) {
  __shared__ int s[129];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 128 + t];
  if (t == 0) s[128] = 0;
  __syncthreads();
  const int& m = cuda::std::max(s[t + 1], s[t]);
  __syncthreads();
  s[t] = 7;
  out[blockIdx.x * 128 + t] = m;  // expected-unknown {{read of 'cuda::std::max(s[t + 1], s[t])', an lvalue that is not modelled}}
}
