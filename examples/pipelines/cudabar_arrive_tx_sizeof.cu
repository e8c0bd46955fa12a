// Same as cudabar_arrive_tx_ok.cu (one 4096-byte memcpy_async_tx into the first 1024 floats
// of a padded 1280-float tile, completing on a block-scope cuda::barrier), but the expected
// transaction count is written as sizeof(tile).
// Bug: sizeof(tile) is 5120 bytes, the copy delivers 4096; the phase's tx-count never returns
// to 0, so bar.wait() never returns in any thread (a hang). Reported at barrier_arrive_tx.
// syncproof-args: --block 256 --grid 1:65535
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
    tok = cuda::device::barrier_arrive_tx(bar, 1, sizeof(tile));  // expected-mbarrier {{tx bytes}}
  } else {
    tok = bar.arrive();
  }
  bar.wait(cuda::std::move(tok));
  out[blockIdx.x * 256 + t] = tile[t] + tile[t + 256] + tile[t + 512] + tile[t + 768] + tile[t + 1024];
}
