// A shared histogram cleared by thread 0 with memset and no barrier before the other
// threads' atomics: the memset's plain stores race with them. memset of a constant byte
// count is a plain write of those bytes.
// syncproof-args: --block 256 --grid 1:1024 --param n=0:1048576
#include <cstring>
__global__ void hist(const unsigned char *in, unsigned *out, int n) {
  __shared__ unsigned bins[256];
  if (threadIdx.x == 0) memset(bins, 0, sizeof(bins));
  for (int i = blockIdx.x * 256 + threadIdx.x; i < n; i += gridDim.x * 256) atomicAdd(&bins[in[i]], 1u);  // expected-race {{data race on 'bins'}}
  __syncthreads();
  atomicAdd(&out[threadIdx.x], bins[threadIdx.x]);
}
