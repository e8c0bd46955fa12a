// corpus-source: written for a black-box review of syncproof's cp.async group induction (two pipeline loops in sequence as in FlashAttention-2 sm80 and CUTLASS sm80 mainloops with epilogues, loops left by break, a commit per inner chunk), from the PTX ISA rules for cp.async.commit_group / wait_group
// corpus-form: written
// syncproof-args: --grid 1:8 --block 128 --param ntiles=1:64
// corpus-expect: correct
// TRUTH (the reviewer's): correct — 3 stages x 2 chunks, one commit per chunk, always committed; at iteration t 2t+4 groups are committed and tile t is groups 2t,2t+1, so 'wait_group 2' ((STAGES-2)*CHUNKS) completes it; barrier publishes; copies of tile t+2 into stage (t+2)%3 (last read at t-1) follow the barrier; final wait_group 0 + barrier.
// Block is fixed at 128 threads: each thread copies 16 B (4 floats) of a 512-float tile.
__device__ __forceinline__ void cp_async16(void* smem_ptr, const void* gmem_ptr) {
  unsigned saddr = static_cast<unsigned>(__cvta_generic_to_shared(smem_ptr));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" :: "r"(saddr), "l"(gmem_ptr) : "memory");
}
__device__ __forceinline__ void cp_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait0() { asm volatile("cp.async.wait_group 0;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait1() { asm volatile("cp.async.wait_group 1;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait2() { asm volatile("cp.async.wait_group 2;\n" ::: "memory"); }

__global__ void three_stage_chunks_ok(const float* __restrict__ in, float* __restrict__ out, int ntiles) {
  __shared__ __align__(16) float sbuf[3][2][512];
  const int tid = threadIdx.x;
  const float* g = in + blockIdx.x * ntiles * 2 * 512 + tid * 4;
  float acc = 0.f;
#pragma unroll
  for (int s = 0; s < 2; ++s) {
#pragma unroll
    for (int c = 0; c < 2; ++c) {
      if (s < ntiles) cp_async16(&sbuf[s][c][tid * 4], g + (s * 2 + c) * 512);
      cp_commit();
    }
  }
  for (int t = 0; t < ntiles; ++t) {
    cp_wait2();
    __syncthreads();
    const int nt = t + 2;
#pragma unroll
    for (int c = 0; c < 2; ++c) {
      if (nt < ntiles) cp_async16(&sbuf[nt % 3][c][tid * 4], g + (nt * 2 + c) * 512);
      cp_commit();
    }
#pragma unroll
    for (int c = 0; c < 2; ++c) acc += sbuf[t % 3][c][(tid * 4 + 4) & 511];
  }
  cp_wait0();
  __syncthreads();
  out[blockIdx.x * blockDim.x + tid] = acc;
}
