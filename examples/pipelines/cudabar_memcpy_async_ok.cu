// cuda::memcpy_async of a 4 KiB tile with a cooperative-groups block and a block-scope
// cuda::barrier in shared memory. With a 16-byte aligned_size_t and a shared-memory barrier,
// CUDA 13's libcu++ (dispatch_memcpy_async.h, memcpy_completion.h) lowers it on sm_90 to:
// thread_rank 0 issues cp.async.bulk ... mbarrier::complete_tx::bytes on the barrier and then
// mbarrier.expect_tx(4096); the other threads issue nothing. arrive_and_wait() is
// mbarrier.arrive (release.cta) + try_wait on the token (acquire.cta).
// Correct: the phase needs all 256 arrivals (thread 0 arrives after its expect_tx) and the
// 4096 tx bytes, so every read of 'tile' after arrive_and_wait() sees the copy.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics
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
  bar.arrive_and_wait();
  float s = 0.0f;
  for (unsigned i = t; i < 1024; i += 256)
    s += __expf(tile[i]);
  out[blockIdx.x * 256 + t] = s;
}
