// A three-stage cp.async ring in the CUTLASS sm80 "multistage" shape: the prologue issues
// tiles 0 and 1 (one commit each, empty when past the end); iteration k waits with
// cp.async.wait_group 1, so every group but the newest is complete for this thread (tile
// k among them), __syncthreads() makes the other threads' copies of tile k visible and also
// ends every read of iteration k - 1, then tile k is read from stage k % 3 and tile k + 2
// is issued into stage (k + 2) % 3 = (k - 1) % 3, the stage read in iteration k - 1. One
// barrier per iteration suffices. The trip count is any value of the contract's range;
// syncproof numbers each copy's group as a closed form of the iteration and proves the
// order of every copy and access for every ntiles (docs/pipelines.md "cp.async groups in
// loops").
// syncproof-args: --block 128 --grid 1:65535 --param ntiles=0:100000
// expected-no-diagnostics

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
    asm volatile("cp.async.wait_group 1;" ::: "memory");
    __syncthreads();
    float4 a = buf[k % 3][t], b = buf[k % 3][(t + 1) % 128];
    acc += a.x + b.y;
    if (k + 2 < ntiles)
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"((unsigned)__cvta_generic_to_shared(&buf[(k + 2) % 3][t])),
                   "l"(src + (k + 2) * 128 + t) : "memory");
    asm volatile("cp.async.commit_group;" ::: "memory");
  }
  asm volatile("cp.async.wait_all;" ::: "memory");
  out[blockIdx.x * 128 + t] = acc;
}
