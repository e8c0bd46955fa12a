// Warp-specialized epilogue with a named barrier: warps 1-4 (the consumers) write 'tile' and
// signal barrier 1 (bar.arrive 1, 160); warp 0 waits on it (bar.sync 1, 160) and its thread 0
// issues the shared->global cp.async.bulk of 'tile'.
// Bug: the named barrier orders the generic proxy only; the bulk copy reads 'tile' through
// the async proxy, so each writer needs fence.proxy.async between its writes and its
// bar.arrive (PTX ISA: proxies; membar/fence). Reported at the bulk copy.
// syncproof-args: --block 160 --grid 1:65535
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void epilogue(const float* acc, float* out) {
  __shared__ alignas(128) float tile[128];
  unsigned t = threadIdx.x;
  if (t >= 32) {
    tile[t - 32] = 2.0f * acc[blockIdx.x * 128 + t - 32];
    asm volatile("bar.arrive 1, 160;" ::: "memory");
  } else {
    asm volatile("bar.sync 1, 160;" ::: "memory");
    if (t == 0) {
      ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, out + blockIdx.x * 128, tile, 512u);  // expected-async-copy {{fence.proxy.async}}
      ptx::cp_async_bulk_commit_group();
      ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>());
    }
  }
}
