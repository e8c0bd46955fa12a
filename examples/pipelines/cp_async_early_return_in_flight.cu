// The double buffer of cp_async_double_buffer_ok.cu, but a special case (three tiles are
// handled elsewhere) returns right after the prologue has issued its copy of tile 0. Bug: with
// ntiles == 3 every thread exits with that copy still in flight (no cp.async.wait_group of its
// own covers it). The loop's waits do not count for a thread whose path never reaches the loop.
// syncproof-args: --block 128 --grid 1:65535 --param ntiles=1:100000

__global__ void smooth_stream(const float4* in, float* out, int ntiles) {
  __shared__ alignas(16) float4 buf[2][128];
  unsigned t = threadIdx.x;
  const float4* src = in + blockIdx.x * ntiles * 128;
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"((unsigned)__cvta_generic_to_shared(&buf[0][t])), "l"(src + t) : "memory");  // expected-async-copy {{in flight at exit}}
  asm volatile("cp.async.commit_group;" ::: "memory");
  if (ntiles == 3) return;
  for (int k = 0; k < ntiles; k++) {
    if (k + 1 < ntiles)
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"((unsigned)__cvta_generic_to_shared(&buf[(k + 1) & 1][t])),
                   "l"(src + (k + 1) * 128 + t) : "memory");
    asm volatile("cp.async.commit_group;" ::: "memory");
    asm volatile("cp.async.wait_group 1;" ::: "memory");
    __syncthreads();
    float4 a = buf[k & 1][t], b = buf[k & 1][(t + 1) % 128];
    out[(blockIdx.x * ntiles + k) * 128 + t] = a.x + b.x;
    __syncthreads();
  }
}
