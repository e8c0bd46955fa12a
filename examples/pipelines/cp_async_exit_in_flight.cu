// Ampere cp.async prefetch: every thread copies 16 bytes of the next tile into 'buf' with
// cp.async.cg and commits the group, but the kernel returns on its last tile without
// cp.async.wait_group 0 (or wait_all): the copy of the tile after the last one is issued
// and never completed.
// Bug: the block exits while its cp.async still writes its shared memory, which the SM can
// give to the next block (the same rule as for bulk copies and stores, pipelines.md
// "in flight at exit"). Reported at the copy.
// syncproof-args: --block 128 --grid 1:65535
// expected-async-copy@+8 {{in flight at exit}}

__global__ void prefetch_tail(const float4* in, float* out) {
  __shared__ alignas(16) float4 buf[128];
  unsigned t = threadIdx.x;
  float4 v = in[blockIdx.x * 128 + t];
  out[blockIdx.x * 128 + t] = v.x + v.y + v.z + v.w;
  // Prefetch for a next tile that this kernel never consumes.
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"((unsigned)__cvta_generic_to_shared(&buf[t])),
               "l"(in + (blockIdx.x + 1) * 128 + t) : "memory");
  asm volatile("cp.async.commit_group;" ::: "memory");
}
