// corpus-source: written for a black-box review of syncproof's cp.async group induction (two pipeline loops in sequence as in FlashAttention-2 sm80 and CUTLASS sm80 mainloops with epilogues, loops left by break, a commit per inner chunk), from the PTX ISA rules for cp.async.commit_group / wait_group
// corpus-form: written
// syncproof-args: --grid 1:8 --block 128 --param ntiles=1:64 --param nepi=0:4
// corpus-expect: buggy async-copy
// TRUTH (the reviewer's): buggy — no wait_group 0 and no __syncthreads between the mainloop and the epilogue loop: the epilogue's first cp.async by thread u into sbuf[0][u*4] is unordered with thread u-1's mainloop read of sbuf[0][u*4] in the last iteration (e.g. ntiles=1 or 4, nepi>=1), a write-after-read race on the reused buffer.
// Block is fixed at 128 threads: each thread copies 16 B (4 floats) of a 512-float tile.
__device__ __forceinline__ void cp_async16(void* smem_ptr, const void* gmem_ptr) {
  unsigned saddr = static_cast<unsigned>(__cvta_generic_to_shared(smem_ptr));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" :: "r"(saddr), "l"(gmem_ptr) : "memory");
}
__device__ __forceinline__ void cp_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait0() { asm volatile("cp.async.wait_group 0;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait1() { asm volatile("cp.async.wait_group 1;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait2() { asm volatile("cp.async.wait_group 2;\n" ::: "memory"); }

__global__ void kloop_epilogue_nodrain(const float* __restrict__ a, const float* __restrict__ c, float* __restrict__ out,
                                       int ntiles, int nepi) {
  __shared__ __align__(16) float sbuf[3][512];
  const int tid = threadIdx.x;
  const float* g = a + blockIdx.x * ntiles * 512 + tid * 4;
  const float* gc = c + blockIdx.x * 4 * 512 + tid * 4;
  float acc = 0.f;
#pragma unroll
  for (int s = 0; s < 2; ++s) {
    if (s < ntiles) cp_async16(&sbuf[s][tid * 4], g + s * 512);
    cp_commit();
  }
  for (int t = 0; t < ntiles; ++t) {
    cp_wait1();
    __syncthreads();
    const int nt = t + 2;
    if (nt < ntiles) cp_async16(&sbuf[nt % 3][tid * 4], g + nt * 512);
    cp_commit();
    acc += sbuf[t % 3][(tid * 4 + 4) & 511];
  }
  // BUG: ring reused below without draining / barrier
  for (int e = 0; e < nepi; ++e) {
    cp_async16(&sbuf[e & 1][tid * 4], gc + e * 512);
    cp_commit();
    cp_wait0();
    __syncthreads();
    acc += sbuf[e & 1][(tid * 4 + 4) & 511];
  }
  out[blockIdx.x * blockDim.x + tid] = acc;
}
