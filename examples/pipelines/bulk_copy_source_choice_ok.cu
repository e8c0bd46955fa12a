// The source of a bulk copy comes from a helper that returns one of two buffers (even blocks
// copy from 'a', odd blocks from row 1 of 'b'), as the megakernel's page_ptr picks weights or
// the K or V cache. Since session 19 a pointer into one of several buffers is a choice: the copy
// becomes one copy per buffer under the choosing condition. Thread 0 announces the bytes and
// copies; every thread waits for the phase before reading. Proved for a fixed grid by the
// concrete prover; over a range of grids the symbolic mbarrier checks leave it `unknown` (which
// threads issue each per-buffer copy depends on blockIdx, which they do not follow).
// syncproof-args: --block 64 --grid 4
// expected-no-diagnostics
#include <cstdint>

__device__ __forceinline__ const float* pick(const float* a, const float* b, unsigned which) {
  if (which == 0) return a;
  return b + 64;
}

__global__ void k(const float* a, const float* b, float* out) {
  __shared__ alignas(16) float buf[64];
  __shared__ alignas(8) uint64_t bar;
  unsigned t = threadIdx.x;
  unsigned sb = (unsigned)__cvta_generic_to_shared(buf), mb = (unsigned)__cvta_generic_to_shared(&bar);
  if (t == 0) asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(mb) : "memory");
  __syncthreads();
  if (t == 0) {
    const float* src = pick(a, b, blockIdx.x & 1);
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 256;" ::"r"(mb) : "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], 256, [%2];" ::"r"(sb),
                 "l"(src), "r"(mb)
                 : "memory");
  }
  unsigned done = 0;
  while (!done)
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done)
                 : "r"(mb)
                 : "memory");
  out[blockIdx.x * 64 + t] = buf[t];
}
