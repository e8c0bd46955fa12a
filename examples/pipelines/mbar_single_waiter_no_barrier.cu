// Same hand-off as mbar_relaxed_arrive.cu with release arrives (write, then
// ptx::mbarrier_arrive), but only the first consumer, thread 64, waits for phase 0; threads
// 65-127 read 'buf' without waiting.
// Bug: the acquire of a try_wait orders only the waiting thread's later accesses. Threads
// 65-127 neither wait nor synchronize with thread 64 (no barrier after its wait), so their
// reads of buf[1..63] are not ordered after the producers' writes. Reported at the write
// (thread 64's own read of buf[0] is ordered).
// syncproof-args: --block 128 --grid 1:65535
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void handoff(const float* in, float* out) {
  __shared__ float buf[64];
  __shared__ alignas(8) cuda::std::uint64_t ready;
  unsigned t = threadIdx.x;
  if (t == 0)
    ptx::mbarrier_init(&ready, 64);
  __syncthreads();
  if (t < 64) {
    buf[t] = in[blockIdx.x * 64 + t];  // expected-race {{data race on 'buf'}}
    ptx::mbarrier_arrive(&ready);
  } else {
    if (t == 64)
      while (!ptx::mbarrier_try_wait_parity(&ready, 0u)) {
      }
    out[blockIdx.x * 64 + t - 64] = buf[t - 64];
  }
}
