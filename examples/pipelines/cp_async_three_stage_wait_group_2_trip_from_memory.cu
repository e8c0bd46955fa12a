// cp_async_three_stage_wait_group_2.cu with the trip count read from memory, so no parameter
// range decides it and the trip counts cannot be checked one by one. The induction over the
// iteration finds the read of stage k % 3 possibly before its copy completes, and says so as
// unknown: its pairs of iterations are over-approximated (each iteration's values taken
// apart, the trip count free), so the counterexample is not confirmed.
// syncproof-args: --block 128 --grid 1:65535

__global__ void three_stage(const float4* in, float* out, const int* tiles) {
  int ntiles = tiles[blockIdx.x];
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
    asm volatile("cp.async.wait_group 2;" ::: "memory");
    __syncthreads();
    float4 a = buf[k % 3][t], b = buf[k % 3][(t + 1) % 128];  // expected-unknown {{possible before completion: read 'buf[k % 3][t]'}} expected-unknown {{possible before completion: read 'buf[k % 3][(t + 1) % 128]'}}
    acc += a.x + b.y;
    if (k + 2 < ntiles)
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"((unsigned)__cvta_generic_to_shared(&buf[(k + 2) % 3][t])),
                   "l"(src + (k + 2) * 128 + t) : "memory");
    asm volatile("cp.async.commit_group;" ::: "memory");
  }
  asm volatile("cp.async.wait_all;" ::: "memory");
  out[blockIdx.x * 128 + t] = acc;
}
