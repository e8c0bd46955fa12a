// Same hand-off as mbar_arrive_before_write.cu with the write before the arrive, but with a
// second mbarrier 'other' (count 64): the producers (threads 0-63) write buf[t] and arrive
// on 'ready'; the consumers (threads 64-127) arrive on 'other' and wait for *its* phase 0.
// Bug: 'other' completes when the 64 consumers themselves have arrived; its phase carries no
// release from the producers, so nothing orders the producers' writes of 'buf' before the
// consumers' reads ('ready' is never waited on). Both barriers get exactly their count of
// arrivals, so the defect is a data race, reported at the write of 'buf'.
// syncproof-args: --block 128 --grid 1:65535
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void handoff(const float* in, float* out) {
  __shared__ float buf[64];
  __shared__ alignas(8) cuda::std::uint64_t ready, other;
  unsigned t = threadIdx.x;
  if (t == 0) {
    ptx::mbarrier_init(&ready, 64);
    ptx::mbarrier_init(&other, 64);
  }
  __syncthreads();
  if (t < 64) {
    buf[t] = in[blockIdx.x * 64 + t];  // expected-race {{data race on 'buf'}}
    ptx::mbarrier_arrive(&ready);
  } else {
    ptx::mbarrier_arrive(&other);
    while (!ptx::mbarrier_try_wait_parity(&other, 0u)) {
    }
    out[blockIdx.x * 64 + t - 64] = buf[t - 64];
  }
}
