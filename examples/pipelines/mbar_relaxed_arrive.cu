// Same hand-off as mbar_wait_on_other_barrier.cu with a single barrier 'ready' (count 64):
// threads 0-63 write buf[t], then arrive with inline PTX
// mbarrier.arrive.relaxed.cta.shared::cta.b64; threads 64-127 wait for phase 0 and read.
// Bug: the .relaxed arrive has no release semantics (PTX ISA, mbarrier.arrive: ".relaxed
// ... does not provide any memory ordering"; PTX 8.6+). Phase 0 still completes after the 64
// arrivals, but the consumers' acquiring try_wait synchronizes with no release, so the
// producers' writes of 'buf' are not ordered before the reads. Reported at the write.
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
    asm volatile("mbarrier.arrive.relaxed.cta.shared::cta.b64 _, [%0];"
                 ::"r"((unsigned)__cvta_generic_to_shared(&ready)) : "memory");
  } else {
    while (!ptx::mbarrier_try_wait_parity(&ready, 0u)) {
    }
    out[blockIdx.x * 64 + t - 64] = buf[t - 64];
  }
}
