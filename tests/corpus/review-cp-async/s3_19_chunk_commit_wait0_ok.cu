// corpus-source: written for a black-box review of syncproof's cp.async group induction (two pipeline loops in sequence as in FlashAttention-2 sm80 and CUTLASS sm80 mainloops with epilogues, loops left by break, a commit per inner chunk), from the PTX ISA rules for cp.async.commit_group / wait_group
// corpus-form: written
// syncproof-args: --grid 1:8 --block 128 --param ntiles=1:64
// corpus-expect: correct
// TRUTH (the reviewer's): correct — each tile is 4 chunks, each copy followed by its own commit; wait_group 0 completes all the thread's groups (all 4 chunks of tile t) and the barrier publishes them; the 4 copies into stage (t+1)&1 follow the barrier and that stage was last read in iteration t-1; the last iteration issues and commits nothing, nothing in flight at exit.
// Block is fixed at 128 threads: each thread copies 16 B (4 floats) of a 512-float tile.
__device__ __forceinline__ void cp_async16(void* smem_ptr, const void* gmem_ptr) {
  unsigned saddr = static_cast<unsigned>(__cvta_generic_to_shared(smem_ptr));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" :: "r"(saddr), "l"(gmem_ptr) : "memory");
}
__device__ __forceinline__ void cp_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait0() { asm volatile("cp.async.wait_group 0;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait1() { asm volatile("cp.async.wait_group 1;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait2() { asm volatile("cp.async.wait_group 2;\n" ::: "memory"); }

__global__ void chunk_commit_wait0_ok(const float* __restrict__ in, float* __restrict__ out, int ntiles) {
  __shared__ __align__(16) float sbuf[2][4][512];
  const int tid = threadIdx.x;
  const float* g = in + blockIdx.x * ntiles * 4 * 512 + tid * 4;
  float acc = 0.f;
#pragma unroll
  for (int c = 0; c < 4; ++c) {
    cp_async16(&sbuf[0][c][tid * 4], g + c * 512);
    cp_commit();
  }
  for (int t = 0; t < ntiles; ++t) {
    cp_wait0();
    __syncthreads();
    if (t + 1 < ntiles) {
#pragma unroll
      for (int c = 0; c < 4; ++c) {
        cp_async16(&sbuf[(t + 1) & 1][c][tid * 4], g + ((t + 1) * 4 + c) * 512);
        cp_commit();
      }
    }
#pragma unroll
    for (int c = 0; c < 4; ++c) acc += sbuf[t & 1][c][(tid * 4 + 4) & 511];
  }
  out[blockIdx.x * blockDim.x + tid] = acc;
}
