// Same TMA tile as mbar_ptx_tma_ok.cu (inline PTX: init, arrive.expect_tx, cp.async.bulk with
// complete_tx, try_wait.parity 0).
// Bug: each thread reads its first element of 'tile' (the max-abs pivot) *before* the
// try_wait loop. Nothing orders that generic read after the bulk copy's writes: the copy may
// still be in flight, and reading a bulk-copy destination before the copy completes is
// undefined (PTX ISA, "Asynchronous operations"). Reported once, at the early read; the
// reads after the wait are fine.
// syncproof-args: --block 256 --grid 1:65535

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
  float pivot = tile[t];  // expected-async-copy {{before completion}}
  unsigned done = 0;
  while (!done)
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done) : "r"(bar) : "memory");
  for (unsigned i = t; i < 1024; i += 256)
    out[blockIdx.x * 1024 + i] = a * tile[i] / (pivot + 1.0f);
}
