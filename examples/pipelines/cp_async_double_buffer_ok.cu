// Ampere-style double buffering with cp.async (inline PTX, works on sm_80+): each thread
// copies its 16 bytes of tile k + 1 with cp.async.cg into buf[(k + 1) & 1], commits a group
// (an empty one on the last iteration), waits with cp.async.wait_group 1 (every group but
// the newest, i.e. tile k, is complete *for this thread*), then __syncthreads() makes every
// thread's completed copies visible to the block before anyone reads a neighbour's element;
// a second __syncthreads() keeps tile k's buffer until everyone has read it.
// Correct: each read is after its copier's wait_group and a barrier, and buf[(k + 1) & 1]
// is refilled only after the barrier that follows the last read of tile k - 1. Proved for
// every ntiles by the cp.async group induction (group numbers as closed forms of the
// iteration; examples/pipelines/cp_async_unrolled_double_buffer_ok.cu is the unrolled twin).
// syncproof-args: --block 128 --grid 1:65535 --param ntiles=1:256
// expected-no-diagnostics

__global__ void smooth_stream(const float4* in, float* out, int ntiles) {
  __shared__ alignas(16) float4 buf[2][128];
  unsigned t = threadIdx.x;
  const float4* src = in + blockIdx.x * ntiles * 128;
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"((unsigned)__cvta_generic_to_shared(&buf[0][t])), "l"(src + t) : "memory");
  asm volatile("cp.async.commit_group;" ::: "memory");
  for (int k = 0; k < ntiles; k++) {
    if (k + 1 < ntiles)
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"((unsigned)__cvta_generic_to_shared(&buf[(k + 1) & 1][t])),
                   "l"(src + (k + 1) * 128 + t) : "memory");
    asm volatile("cp.async.commit_group;" ::: "memory");
    asm volatile("cp.async.wait_group 1;" ::: "memory");
    __syncthreads();
    float4 a = buf[k & 1][t], b = buf[k & 1][(t + 1) % 128];
    out[(blockIdx.x * ntiles + k) * 128 + t] = a.x + a.y + a.z + a.w + b.x;
    __syncthreads();
  }
}
