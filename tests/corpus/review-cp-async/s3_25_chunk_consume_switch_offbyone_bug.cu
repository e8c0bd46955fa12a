// corpus-source: written for a black-box review of syncproof's cp.async group induction (two pipeline loops in sequence as in FlashAttention-2 sm80 and CUTLASS sm80 mainloops with epilogues, loops left by break, a commit per inner chunk), from the PTX ISA rules for cp.async.commit_group / wait_group
// corpus-form: written
// syncproof-args: --grid 1:8 --block 128 --param ntiles=1:64
// corpus-expect: buggy async-copy
// TRUTH (the reviewer's): buggy — 'wait_group 8-c' completes only the first 4t+c groups, so chunk c of tile t (group 4t+c) may be in flight when it is read after the barrier (every t, chunk 0 first).
// Block is fixed at 128 threads: each thread copies 16 B (4 floats) of a 512-float tile.
__device__ __forceinline__ void cp_async16(void* smem_ptr, const void* gmem_ptr) {
  unsigned saddr = static_cast<unsigned>(__cvta_generic_to_shared(smem_ptr));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" :: "r"(saddr), "l"(gmem_ptr) : "memory");
}
__device__ __forceinline__ void cp_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait0() { asm volatile("cp.async.wait_group 0;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait1() { asm volatile("cp.async.wait_group 1;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait2() { asm volatile("cp.async.wait_group 2;\n" ::: "memory"); }

__device__ __forceinline__ void cp_wait_n(int n) {
  switch (n) {
    case 0: asm volatile("cp.async.wait_group 0;\n" ::: "memory"); break;
    case 1: asm volatile("cp.async.wait_group 1;\n" ::: "memory"); break;
    case 2: asm volatile("cp.async.wait_group 2;\n" ::: "memory"); break;
    case 3: asm volatile("cp.async.wait_group 3;\n" ::: "memory"); break;
    case 4: asm volatile("cp.async.wait_group 4;\n" ::: "memory"); break;
    case 5: asm volatile("cp.async.wait_group 5;\n" ::: "memory"); break;
    case 6: asm volatile("cp.async.wait_group 6;\n" ::: "memory"); break;
    case 7: asm volatile("cp.async.wait_group 7;\n" ::: "memory"); break;
    case 8: asm volatile("cp.async.wait_group 8;\n" ::: "memory"); break;
    default: asm volatile("cp.async.wait_group 0;\n" ::: "memory"); break;
  }
}

__global__ void chunk_consume_switch_offbyone(const float* __restrict__ in, float* __restrict__ out, int ntiles) {
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
#pragma unroll
    for (int c = 0; c < 4; ++c) {
      cp_wait_n(8 - c);   // BUG: should be 7 - c
      __syncthreads();
      acc += sbuf[t & 1][c][r];
    }
  }
  cp_wait0();
  out[blockIdx.x * blockDim.x + tid] = acc;
}
