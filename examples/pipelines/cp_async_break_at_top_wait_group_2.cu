// cp_async_break_at_top_ok.cu with cp.async.wait_group 2: with at most two groups outstanding
// it waits for nothing, so tile k may still be in flight when it is read. The leading break is
// folded into the loop condition and the group induction finds the reads unordered: possible
// races. The trip counts checked one by one do not confirm them: the counter is stepped in the
// body (`++k`), and the unrolling follows counters changed by the loop's step only (unknown).
// syncproof-args: --block 128 --grid 1:65535 --param ntiles=0:100000

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
  for (;;) {  // expected-unknown {{bounded: no violation for ntiles in [0, 7]}}
    if (k >= ntiles) break;
    asm volatile("cp.async.wait_group 2;" ::: "memory");
    __syncthreads();
    float4 a = buf[k % 3][t], b = buf[k % 3][(t + 1) % 128];  // expected-unknown {{possible before completion: read 'buf[k % 3][t]'}} expected-unknown {{possible before completion: read 'buf[k % 3][(t + 1) % 128]'}}
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
