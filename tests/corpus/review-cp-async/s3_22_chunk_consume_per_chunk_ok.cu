// corpus-source: written for a black-box review of syncproof's cp.async group induction (two pipeline loops in sequence as in FlashAttention-2 sm80 and CUTLASS sm80 mainloops with epilogues, loops left by break, a commit per inner chunk), from the PTX ISA rules for cp.async.commit_group / wait_group
// corpus-form: written
// syncproof-args: --grid 1:8 --block 128 --param ntiles=1:64
// corpus-expect: correct
// TRUTH (the reviewer's): correct — leading __syncthreads orders all reads of stage (t+1)&1 (iteration t-1) before the 4 per-chunk copies into it; chunk c of tile t is group 4t+c and 4t+8 groups are committed, so 'wait_group 7-c' completes it; each chunk is read after its wait and a barrier; final wait_group 0.
// Block is fixed at 128 threads: each thread copies 16 B (4 floats) of a 512-float tile.
__device__ __forceinline__ void cp_async16(void* smem_ptr, const void* gmem_ptr) {
  unsigned saddr = static_cast<unsigned>(__cvta_generic_to_shared(smem_ptr));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" :: "r"(saddr), "l"(gmem_ptr) : "memory");
}
__device__ __forceinline__ void cp_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait0() { asm volatile("cp.async.wait_group 0;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait1() { asm volatile("cp.async.wait_group 1;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait2() { asm volatile("cp.async.wait_group 2;\n" ::: "memory"); }

__global__ void chunk_consume_per_chunk_ok(const float* __restrict__ in, float* __restrict__ out, int ntiles) {
  __shared__ __align__(16) float sbuf[2][4][512];
  const int tid = threadIdx.x;
  const float* g = in + blockIdx.x * ntiles * 4 * 512 + tid * 4;
  const int r = (tid * 4 + 4) & 511;
  float acc = 0.f;
#pragma unroll
  for (int c = 0; c < 4; ++c) {
    cp_async16(&sbuf[0][c][tid * 4], g + c * 512);
    cp_commit();
  }
  for (int t = 0; t < ntiles; ++t) {
    __syncthreads();
#pragma unroll
    for (int c = 0; c < 4; ++c) {
      if (t + 1 < ntiles) cp_async16(&sbuf[(t + 1) & 1][c][tid * 4], g + ((t + 1) * 4 + c) * 512);
      cp_commit();
    }
    const int s = t & 1;
    asm volatile("cp.async.wait_group 7;\n" ::: "memory");
    __syncthreads();
    acc += sbuf[s][0][r];
    asm volatile("cp.async.wait_group 6;\n" ::: "memory");
    __syncthreads();
    acc += sbuf[s][1][r];
    asm volatile("cp.async.wait_group 5;\n" ::: "memory");
    __syncthreads();
    acc += sbuf[s][2][r];
    asm volatile("cp.async.wait_group 4;\n" ::: "memory");
    __syncthreads();
    acc += sbuf[s][3][r];
  }
  cp_wait0();
  out[blockIdx.x * blockDim.x + tid] = acc;
}
