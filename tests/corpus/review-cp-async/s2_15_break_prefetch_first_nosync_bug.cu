// corpus-source: written for a black-box review of syncproof's cp.async group induction (two pipeline loops in sequence as in FlashAttention-2 sm80 and CUTLASS sm80 mainloops with epilogues, loops left by break, a commit per inner chunk), from the PTX ISA rules for cp.async.commit_group / wait_group
// corpus-form: written
// syncproof-args: --grid 1:8 --block 128 --param ntiles=1:64 --param nstop=0:64
// corpus-expect: buggy async-copy
// TRUTH (the reviewer's): buggy — the prefetch of tile t+1 into stage (t+1)&1 is issued at the top of iteration t, before the barrier, and that stage was read in iteration t-1; without the trailing __syncthreads thread u's copy into sbuf[(t+1)&1][u*4] races with thread u-1's read of that word from iteration t-1 (ntiles>=3, nstop>=1).
// Block is fixed at 128 threads: each thread copies 16 B (4 floats) of a 512-float tile.
__device__ __forceinline__ void cp_async16(void* smem_ptr, const void* gmem_ptr) {
  unsigned saddr = static_cast<unsigned>(__cvta_generic_to_shared(smem_ptr));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" :: "r"(saddr), "l"(gmem_ptr) : "memory");
}
__device__ __forceinline__ void cp_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait0() { asm volatile("cp.async.wait_group 0;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait1() { asm volatile("cp.async.wait_group 1;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait2() { asm volatile("cp.async.wait_group 2;\n" ::: "memory"); }

__global__ void break_prefetch_first_nosync(const float* __restrict__ in, float* __restrict__ out, int ntiles, int nstop) {
  __shared__ __align__(16) float sbuf[2][512];
  const int tid = threadIdx.x;
  const float* g = in + blockIdx.x * ntiles * 512 + tid * 4;
  float acc = 0.f;
  cp_async16(&sbuf[0][tid * 4], g);
  cp_commit();
  int t = 0;
  for (;;) {
    if (t + 1 < ntiles) cp_async16(&sbuf[(t + 1) & 1][tid * 4], g + (t + 1) * 512);
    cp_commit();
    cp_wait1();                 // all but the prefetch just committed: tile t is complete
    __syncthreads();
    acc += sbuf[t & 1][(tid * 4 + 4) & 511];
    // BUG: missing __syncthreads() before the next iteration overwrites this stage
    ++t;
    if (t >= ntiles || t > nstop) break;
  }
  cp_wait0();
  __syncthreads();
  out[blockIdx.x * blockDim.x + tid] = acc;
}
