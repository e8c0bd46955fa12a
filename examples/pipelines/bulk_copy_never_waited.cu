// A bulk copy into shared memory that no thread ever waits for (a prefetch whose result is not
// used): the block can exit while the async proxy still writes 'buf' and signals 'full',
// memory that may then belong to the next block on the SM. Before session 14 this was proved.
// syncproof-args: --block 128 --grid 1:65535
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void prefetch_unused(const float* in, float* out) {
  __shared__ alignas(128) float buf[256];
  __shared__ alignas(8) cuda::std::uint64_t full;
  unsigned t = threadIdx.x;
  if (t == 0) {
    ptx::mbarrier_init(&full, 1);
    ptx::fence_proxy_async(ptx::space_shared);
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full, 1024u);
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, buf, in + blockIdx.x * 256, 1024u, &full);  // expected-async-copy {{in flight at exit: the bulk copy into 'buf' completes on phase 0}}
  }
  out[blockIdx.x * 128 + t] = 1.0f;
}
