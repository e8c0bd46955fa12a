// Same as cudabar_memcpy_async_ok.cu (cuda::memcpy_async of a 4 KiB tile completing on a
// block-scope cuda::barrier), but each thread picks up its first element before
// arrive_and_wait() "to overlap the load with the barrier".
// Bug: cuda::memcpy_async only *starts* the copy (cp.async.bulk on sm_90); its data is
// guaranteed only after the barrier phase that tracks it has completed. The read of tile[t]
// before arrive_and_wait() may see bytes the copy has not written yet. Reported at that read.
// syncproof-args: --block 256 --grid 1:65535
#include <cooperative_groups.h>
#include <cuda/barrier>
namespace cg = cooperative_groups;
using barrier_t = cuda::barrier<cuda::thread_scope_block>;

__global__ void row_softmax_denominator(const float* in, float* out) {
  __shared__ alignas(16) float tile[1024];
  __shared__ alignas(barrier_t) unsigned char bar_mem[sizeof(barrier_t)];
  barrier_t& bar = *reinterpret_cast<barrier_t*>(bar_mem);
  cg::thread_block block = cg::this_thread_block();
  unsigned t = block.thread_rank();
  if (t == 0)
    init(&bar, block.size());
  block.sync();
  cuda::memcpy_async(block, tile, in + blockIdx.x * 1024, cuda::aligned_size_t<16>(4096), bar);
  float s = __expf(tile[t]);  // expected-async-copy {{before completion}}
  bar.arrive_and_wait();
  for (unsigned i = t + 256; i < 1024; i += 256)
    s += __expf(tile[i]);
  out[blockIdx.x * 256 + t] = s;
}
