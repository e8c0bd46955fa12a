// Producer/consumer hand-off through one mbarrier (cuda::ptx): 'ready' is initialised with
// count 64; threads 0-63 stage in[] into 'buf' and arrive once each, threads 64-127 wait for
// phase 0 (try_wait.parity 0) and copy 'buf' out.
// Bug: the producers arrive *before* they write buf[t]. The arrive (default .release.cta)
// releases only the accesses that precede it in program order; the consumers' acquire
// (try_wait) can complete phase 0 while buf[t] is still being written (PTX ISA, mbarrier:
// "Arrive-on operation" / memory model "release and acquire patterns"). Reported at the
// write; the phase bookkeeping is right (64 arrivals for count 64).
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
    ptx::mbarrier_arrive(&ready);
    buf[t] = in[blockIdx.x * 64 + t];  // expected-race {{data race on 'buf'}}
  } else {
    while (!ptx::mbarrier_try_wait_parity(&ready, 0u)) {
    }
    out[blockIdx.x * 64 + t - 64] = buf[t - 64];
  }
}
