// corpus-source: written for a black-box review of syncproof's cp.async group induction (two pipeline loops in sequence as in FlashAttention-2 sm80 and CUTLASS sm80 mainloops with epilogues, loops left by break, a commit per inner chunk), from the PTX ISA rules for cp.async.commit_group / wait_group
// corpus-form: written
// syncproof-args: --grid 1:8 --block 128 --param ntiles=1:64 --param nstop=0:64
// corpus-expect: buggy async-copy
// TRUTH (the reviewer's): buggy — after an early break the newest committed group holds the prefetch of tile t+1; the final 'cp.async.wait_group 1' completes all but that one group, so it is still in flight at exit (e.g. nstop=0, ntiles>=2); the barrier does not complete another thread's or one's own pending copy.
// Block is fixed at 128 threads: each thread copies 16 B (4 floats) of a 512-float tile.
__device__ __forceinline__ void cp_async16(void* smem_ptr, const void* gmem_ptr) {
  unsigned saddr = static_cast<unsigned>(__cvta_generic_to_shared(smem_ptr));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" :: "r"(saddr), "l"(gmem_ptr) : "memory");
}
__device__ __forceinline__ void cp_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait0() { asm volatile("cp.async.wait_group 0;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait1() { asm volatile("cp.async.wait_group 1;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait2() { asm volatile("cp.async.wait_group 2;\n" ::: "memory"); }

__global__ void break_final_wait1(const float* __restrict__ in, float* __restrict__ out, int ntiles, int nstop) {
  __shared__ __align__(16) float sbuf[2][512];
  const int tid = threadIdx.x;
  const float* g = in + blockIdx.x * ntiles * 512 + tid * 4;
  float acc = 0.f;
  cp_async16(&sbuf[0][tid * 4], g);
  cp_commit();
  for (int t = 0;; ++t) {
    if (t >= ntiles) break;
    cp_wait0();
    __syncthreads();
    if (t + 1 < ntiles) cp_async16(&sbuf[(t + 1) & 1][tid * 4], g + (t + 1) * 512);
    cp_commit();
    acc += sbuf[t & 1][(tid * 4 + 4) & 511];
    if (t >= nstop) break;
  }
  asm volatile("cp.async.wait_group 1;\n" ::: "memory");   // BUG: leaves the newest group (a real copy) pending
  __syncthreads();
  out[blockIdx.x * blockDim.x + tid] = acc;
}
