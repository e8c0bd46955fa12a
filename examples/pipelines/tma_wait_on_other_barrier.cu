// A 4 KiB TMA tile (cuda::ptx) whose copy completes on 'full' (count 1: thread 0's
// arrive.expect_tx 4096 + one 4096-byte cp.async.bulk), but every thread waits on a second
// barrier 'other' (count 1), on which thread 0 arrives right after issuing the copy.
// Bug: phase 0 of 'other' completes as soon as thread 0 has arrived; it says nothing about
// the bulk copy, whose completion is signalled on 'full' only (nobody waits on 'full').
// Reading the destination before the copy completes is undefined (PTX ISA, "Asynchronous
// operations"). Reported once, at the read of 'tile'; both barriers get their counts.
// syncproof-args: --block 128 --grid 1:65535
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void load_tile(const float* in, float* out) {
  __shared__ alignas(128) float tile[1024];
  __shared__ alignas(8) cuda::std::uint64_t full, other;
  unsigned t = threadIdx.x;
  if (t == 0) {
    ptx::mbarrier_init(&full, 1);
    ptx::mbarrier_init(&other, 1);
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  if (t == 0) {
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full, 4096u);
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, tile, in + blockIdx.x * 1024, 4096u, &full);
    ptx::mbarrier_arrive(&other);
  }
  while (!ptx::mbarrier_try_wait_parity(&other, 0u)) {
  }
  out[blockIdx.x * 128 + t] = tile[t];  // expected-async-copy {{before completion}}
}
