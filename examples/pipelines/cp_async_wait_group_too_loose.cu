// Same cp.async double buffer as cp_async_double_buffer_ok.cu, but the wait was written
// cp.async.wait_group 2 ("allow two groups in flight").
// Bug: at most two groups are outstanding (tile k and tile k + 1), so wait_group 2 waits for
// nothing: the copy of tile k into buf[k & 1] may still be in flight when it is read.
// Reported at the reads of tile k (once per element read), found with ntiles = 1 (syncproof
// checks the values of the range from the lowest up and reports the first with a violation;
// the next copy's write into the buffer still being read shows only from ntiles = 3 on).
// syncproof-args: --block 128 --grid 1:65535 --param ntiles=1:256

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
    asm volatile("cp.async.wait_group 2;" ::: "memory");
    __syncthreads();
    float4 a = buf[k & 1][t], b = buf[k & 1][(t + 1) % 128];  // expected-async-copy {{before completion: read 'buf[k & 1][t]'}}
    // expected-async-copy@-1 {{before completion: read 'buf[k & 1][(t + 1) % 128]'}}
    out[(blockIdx.x * ntiles + k) * 128 + t] = a.x + a.y + a.z + a.w + b.x;
    __syncthreads();
  }
}
