// bulk_copy_over_fenced_writes_ok.cu in inline PTX: every thread zeroes buf[t], executes
// fence.proxy.async.shared::cta, and __syncthreads(); thread 0 then refills buf with
// cp.async.bulk completing on 'full', and every thread reads after try_wait.parity 0. Correct:
// each generic write is followed by a proxy fence of the shared state space before the barrier
// that orders it before the copy.
// syncproof-args: --block 256 --grid 1:65535
// syncproof-equivalent-mutant: arrive-relaxed@22:5 the arrival publishes nothing: the generic writes are ordered before the copy by the proxy fence and the barrier, and the copy's bytes complete the phase the readers acquire
// expected-no-diagnostics
#include <cstdint>

__global__ void zero_then_load_ptx(const float* in, float* out) {
  __shared__ alignas(128) float buf[256];
  __shared__ alignas(8) uint64_t full;
  unsigned t = threadIdx.x;
  unsigned bar = (unsigned)__cvta_generic_to_shared(&full);
  unsigned dst = (unsigned)__cvta_generic_to_shared(buf);
  buf[t] = 0.0f;
  if (t == 0) asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(bar) : "memory");
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  if (t == 0) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 1024;" ::"r"(bar) : "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], 1024, [%2];"
                 ::"r"(dst), "l"(in + blockIdx.x * 256), "r"(bar) : "memory");
  }
  unsigned done = 0;
  while (!done)
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done) : "r"(bar) : "memory");
  out[blockIdx.x * 256 + t] = buf[t];
}
