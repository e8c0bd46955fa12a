// cp_async_three_stage_ok.cu written as `for (;;) { if (k >= ntiles) break; ... ++k; }`: the loop
// is left through a test before anything else of the iteration runs, which is the loop
// `while (k < ntiles)`; the front end folds such leading breaks into the loop's condition
// (model/loop_tests.h), so the group induction applies and the ring is proved for every ntiles.
// syncproof-args: --block 128 --grid 1:65535 --param ntiles=0:100000
// expected-no-diagnostics

__global__ void break_at_top(const float4* in, float* out, int ntiles) {
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
  int k = 0;
  for (;;) {
    if (k >= ntiles) break;
    asm volatile("cp.async.wait_group 1;" ::: "memory");
    __syncthreads();
    float4 a = buf[k % 3][t], b = buf[k % 3][(t + 1) % 128];
    acc += a.x + b.y;
    if (k + 2 < ntiles)
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"((unsigned)__cvta_generic_to_shared(&buf[(k + 2) % 3][t])),
                   "l"(src + (k + 2) * 128 + t) : "memory");
    asm volatile("cp.async.commit_group;" ::: "memory");
    ++k;
  }
  asm volatile("cp.async.wait_all;" ::: "memory");
  out[blockIdx.x * 128 + t] = acc;
}
