// The three-stage ring of cp_async_three_stage_ok.cu with the __syncthreads() before the
// cp.async.wait_group instead of after it. Bug: a thread's wait completes only its own copies;
// the neighbour's copy of tile k is complete only after the neighbour's wait, which no barrier
// orders before this thread's read of buf[k % 3][(t + 1) % 128]. (The own element is fine.)
// syncproof-args: --block 128 --grid 1:65535 --param ntiles=0:100000

__global__ void three_stage(const float4* in, float* out, int ntiles) {
  __shared__ alignas(16) float4 buf[3][128];
  unsigned t = threadIdx.x;
  const float4* src = in + blockIdx.x * ntiles * 128;
  for (int s = 0; s < 2; ++s) {
    if (s < ntiles)
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"((unsigned)__cvta_generic_to_shared(&buf[s][t])),
                   "l"(src + s * 128 + t) : "memory");
    asm volatile("cp.async.commit_group;" ::: "memory");
  }
  float acc = 0.f;
  for (int k = 0; k < ntiles; k++) {
    __syncthreads();
    asm volatile("cp.async.wait_group 1;" ::: "memory");
    float4 a = buf[k % 3][t], b = buf[k % 3][(t + 1) % 128];  // expected-async-copy {{before completion: read 'buf[k % 3][(t + 1) % 128]'}}
    acc += a.x + b.y;
    if (k + 2 < ntiles)
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"((unsigned)__cvta_generic_to_shared(&buf[(k + 2) % 3][t])),
                   "l"(src + (k + 2) * 128 + t) : "memory");
    asm volatile("cp.async.commit_group;" ::: "memory");
  }
  asm volatile("cp.async.wait_all;" ::: "memory");
  out[blockIdx.x * 128 + t] = acc;
}
