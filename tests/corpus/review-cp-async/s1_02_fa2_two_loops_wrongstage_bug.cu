// corpus-source: written for a black-box review of syncproof's cp.async group induction (two pipeline loops in sequence as in FlashAttention-2 sm80 and CUTLASS sm80 mainloops with epilogues, loops left by break, a commit per inner chunk), from the PTX ISA rules for cp.async.commit_group / wait_group
// corpus-form: written
// syncproof-args: --grid 1:8 --block 128 --param ntiles=1:64 --param nmask=0:4
// corpus-expect: buggy async-copy
// TRUTH (the reviewer's): buggy — loop 2 reads stage (t-n1)&1 instead of t&1; when n1 is odd (nmask=1, ntiles>=3) that is the stage into which every thread has just issued the cp.async of tile t+1, which no wait_group has completed, so thread u-1 reads sbuf[..][u*4] while thread u's copy is still writing it.
// Block is fixed at 128 threads: each thread copies 16 B (4 floats) of a 512-float tile.
__device__ __forceinline__ void cp_async16(void* smem_ptr, const void* gmem_ptr) {
  unsigned saddr = static_cast<unsigned>(__cvta_generic_to_shared(smem_ptr));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" :: "r"(saddr), "l"(gmem_ptr) : "memory");
}
__device__ __forceinline__ void cp_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait0() { asm volatile("cp.async.wait_group 0;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait1() { asm volatile("cp.async.wait_group 1;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait2() { asm volatile("cp.async.wait_group 2;\n" ::: "memory"); }

__global__ void fa2_two_loops_wrongstage(const float* __restrict__ in, float* __restrict__ out, int ntiles, int nmask) {
  __shared__ __align__(16) float sbuf[2][512];
  const int tid = threadIdx.x;
  const float* g = in + blockIdx.x * ntiles * 512 + tid * 4;
  const int n1 = nmask < ntiles ? nmask : ntiles;
  float acc = 0.f;
  cp_async16(&sbuf[0][tid * 4], g);
  cp_commit();
  int t = 0;
  for (; t < n1; ++t) {
    cp_wait0();
    __syncthreads();
    if (t + 1 < ntiles) cp_async16(&sbuf[(t + 1) & 1][tid * 4], g + (t + 1) * 512);
    cp_commit();
    acc += 0.5f * sbuf[t & 1][(tid * 4 + 4) & 511];
  }
  for (; t < ntiles; ++t) {
    cp_wait0();
    __syncthreads();
    if (t + 1 < ntiles) cp_async16(&sbuf[(t + 1) & 1][tid * 4], g + (t + 1) * 512);
    cp_commit();
    acc += sbuf[(t - n1) & 1][(tid * 4 + 4) & 511];   // BUG: stage restarts at 0 in the second loop
  }
  out[blockIdx.x * blockDim.x + tid] = acc;
}
