// The CUDA Programming Guide's TMA pattern with libcu++: a block-scope cuda::barrier
// (count blockDim.x) initialised by thread 0 and made visible to the async proxy with
// cuda::ptx::fence_proxy_async(space_shared) (fence.proxy.async.shared::cta); thread 0 issues
// cuda::device::memcpy_async_tx (cp.async.bulk with complete_tx, 4096 bytes into tile[0..1023])
// and arrives with cuda::device::barrier_arrive_tx(bar, 1, 4096) (mbarrier.arrive.expect_tx,
// release.cta); the others arrive plainly; everyone waits on its token. tile has 256 floats
// of padding (tile[1024..1279]) that are zeroed by the threads before the barrier and not copied.
// Correct: the phase expects exactly the 4096 bytes that the one copy delivers.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics
#include <cuda/barrier>
#include <cuda/ptx>
#include <cuda/std/utility>
using barrier_t = cuda::barrier<cuda::thread_scope_block>;

__global__ void padded_tile(const float* in, float* out) {
  __shared__ alignas(128) float tile[1280];
  __shared__ alignas(barrier_t) unsigned char bar_mem[sizeof(barrier_t)];
  barrier_t& bar = *reinterpret_cast<barrier_t*>(bar_mem);
  unsigned t = threadIdx.x;
  if (t == 0) {
    init(&bar, blockDim.x);
    cuda::ptx::fence_proxy_async(cuda::ptx::space_shared);
  }
  tile[1024 + t] = 0.0f;
  __syncthreads();
  barrier_t::arrival_token tok;
  if (t == 0) {
    cuda::device::memcpy_async_tx(tile, in + blockIdx.x * 1024, cuda::aligned_size_t<16>(4096), bar);
    tok = cuda::device::barrier_arrive_tx(bar, 1, 4096);
  } else {
    tok = bar.arrive();
  }
  bar.wait(cuda::std::move(tok));
  out[blockIdx.x * 256 + t] = tile[t] + tile[t + 256] + tile[t + 512] + tile[t + 768] + tile[t + 1024];
}
