// Producers write buf and arrive (release) on an mbarrier; consumers spin on a .relaxed
// try_wait (PTX ISA 8.6) and read buf. A .relaxed wait observes the phase's completion but
// does not acquire what the arrivals released, so the reads race with the writes. Before
// session 14 the phase bookkeeping treated every completed wait as an acquire and proved this
// kernel; now the .relaxed wait is not modelled (unknown), and the race it leaves open is
// reported as possible.
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
    buf[t] = in[blockIdx.x * 64 + t];  // expected-unknown {{possible data race on 'buf'}}
    (void)ptx::mbarrier_arrive(&ready);
  } else {
    unsigned bar = (unsigned)__cvta_generic_to_shared(&ready), done = 0;
    while (!done)  // expected-unknown {{.relaxed wait observes the phase without acquiring}}
      asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.relaxed.cta.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                   : "=r"(done) : "r"(bar) : "memory");
    out[blockIdx.x * 64 + t - 64] = buf[t - 64];
  }
}
