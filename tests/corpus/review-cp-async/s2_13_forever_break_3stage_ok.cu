// corpus-source: written for a black-box review of syncproof's cp.async group induction (two pipeline loops in sequence as in FlashAttention-2 sm80 and CUTLASS sm80 mainloops with epilogues, loops left by break, a commit per inner chunk), from the PTX ISA rules for cp.async.commit_group / wait_group
// corpus-form: written
// syncproof-args: --grid 1:8 --block 128 --param ntiles=0:64
// corpus-expect: correct
// TRUTH (the reviewer's): correct — for(;;) with 'if (t >= ntiles) break;' at the top (ntiles may be 0: prologue copies are guarded, groups still committed); wait_group 1 at iteration t leaves only tile t+1's group pending, so tile t is complete, barrier publishes it; prefetch of t+2 into stage (t+2)%3 (last read at t-1) follows the barrier; final wait_group 0 + barrier.
// Block is fixed at 128 threads: each thread copies 16 B (4 floats) of a 512-float tile.
__device__ __forceinline__ void cp_async16(void* smem_ptr, const void* gmem_ptr) {
  unsigned saddr = static_cast<unsigned>(__cvta_generic_to_shared(smem_ptr));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" :: "r"(saddr), "l"(gmem_ptr) : "memory");
}
__device__ __forceinline__ void cp_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait0() { asm volatile("cp.async.wait_group 0;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait1() { asm volatile("cp.async.wait_group 1;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait2() { asm volatile("cp.async.wait_group 2;\n" ::: "memory"); }

__global__ void forever_break_3stage_ok(const float* __restrict__ in, float* __restrict__ out, int ntiles) {
  __shared__ __align__(16) float sbuf[3][512];
  const int tid = threadIdx.x;
  const float* g = in + blockIdx.x * ntiles * 512 + tid * 4;
  float acc = 0.f;
#pragma unroll
  for (int s = 0; s < 2; ++s) {
    if (s < ntiles) cp_async16(&sbuf[s][tid * 4], g + s * 512);
    cp_commit();
  }
  int t = 0;
  for (;;) {
    if (t >= ntiles) break;
    cp_wait1();
    __syncthreads();
    if (t + 2 < ntiles) cp_async16(&sbuf[(t + 2) % 3][tid * 4], g + (t + 2) * 512);
    cp_commit();
    acc += sbuf[t % 3][(tid * 4 + 4) & 511];
    ++t;
  }
  cp_wait0();
  __syncthreads();
  out[blockIdx.x * blockDim.x + tid] = acc;
}
