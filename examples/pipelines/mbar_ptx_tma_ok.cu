// One 4 KiB tile per block moved by TMA (cp.async.bulk global->shared) and completed on an
// mbarrier, all in inline PTX. Thread 0 initialises 'full' with arrival count 1, makes the
// init visible to the async proxy (fence.proxy.async.shared::cta) and to the block
// (__syncthreads), then does arrive.expect_tx(4096) and issues one 4096-byte bulk copy that
// does complete_tx on 'full'. Every thread waits with try_wait.parity 0 and reads after it.
// Correct: phase 0 needs 1 arrival (thread 0's) and 4096 tx bytes (exactly the copy). A
// try_wait without .sem is .acquire.cta, and the completion of the bulk copy is observed
// through the phase, so every read of 'tile' is ordered after the copy's writes.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics

__global__ void scale_tile(const float* in, float* out, float a) {
  __shared__ alignas(128) float tile[1024];
  __shared__ alignas(8) unsigned long long full;
  unsigned t = threadIdx.x;
  unsigned bar = (unsigned)__cvta_generic_to_shared(&full);
  unsigned dst = (unsigned)__cvta_generic_to_shared(tile);
  if (t == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(bar) : "memory");
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  }
  __syncthreads();
  if (t == 0) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 4096;" ::"r"(bar) : "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], 4096, [%2];"
                 ::"r"(dst), "l"(in + blockIdx.x * 1024), "r"(bar) : "memory");
  }
  unsigned done = 0;
  while (!done)
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done) : "r"(bar) : "memory");
  for (unsigned i = t; i < 1024; i += 256)
    out[blockIdx.x * 1024 + i] = a * tile[i];
}
