// corpus-source: written for a black-box review of syncproof's cp.async group induction (two pipeline loops in sequence as in FlashAttention-2 sm80 and CUTLASS sm80 mainloops with epilogues, loops left by break, a commit per inner chunk), from the PTX ISA rules for cp.async.commit_group / wait_group
// corpus-form: written
// syncproof-args: --grid 1:8 --block 128 --param ntiles=1:64 --param nmask=0:4
// corpus-expect: correct
// TRUTH (the reviewer's): correct — FA2 sm80 K/V order: wait_group 0 + barrier before reading sK (K(t) complete and published; also all reads of sV from t-1 are done before V(t) is issued into sV); wait_group 0 + barrier before reading sV (V(t) complete and published; all reads of sK(t) done before K(t+1) is issued into sK); the K prefetch issued at the end of the masking loop is consumed by the first step of loop 2; no real copy is in flight at exit.
// Block is fixed at 128 threads: each thread copies 16 B (4 floats) of a 512-float tile.
__device__ __forceinline__ void cp_async16(void* smem_ptr, const void* gmem_ptr) {
  unsigned saddr = static_cast<unsigned>(__cvta_generic_to_shared(smem_ptr));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" :: "r"(saddr), "l"(gmem_ptr) : "memory");
}
__device__ __forceinline__ void cp_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait0() { asm volatile("cp.async.wait_group 0;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait1() { asm volatile("cp.async.wait_group 1;\n" ::: "memory"); }
__device__ __forceinline__ void cp_wait2() { asm volatile("cp.async.wait_group 2;\n" ::: "memory"); }

// Flash-attention-2 forward (sm80) pipeline skeleton: separate K and V tiles, K(t+1) prefetched while P*V(t) runs.
__global__ void fa2_kv_two_loops_ok(const float* __restrict__ k, const float* __restrict__ v, float* __restrict__ out,
                                    int ntiles, int nmask) {
  __shared__ __align__(16) float sK[512];
  __shared__ __align__(16) float sV[512];
  const int tid = threadIdx.x;
  const float* gk = k + blockIdx.x * ntiles * 512 + tid * 4;
  const float* gv = v + blockIdx.x * ntiles * 512 + tid * 4;
  const int n1 = nmask < ntiles ? nmask : ntiles;
  float acc = 0.f;
  cp_async16(&sK[tid * 4], gk);
  cp_commit();
  int t = 0;
  for (; t < n1; ++t) {
    cp_wait0();
    __syncthreads();
    cp_async16(&sV[tid * 4], gv + t * 512);
    cp_commit();
    float s = sK[(tid * 4 + 4) & 511];          // S = Q K^T (masked)
    s = s > 0.f ? s : 0.f;
    cp_wait0();
    __syncthreads();
    if (t + 1 < ntiles) cp_async16(&sK[tid * 4], gk + (t + 1) * 512);
    cp_commit();
    acc += s * sV[(tid * 4 + 8) & 511];         // O += P V
  }
  for (; t < ntiles; ++t) {
    cp_wait0();
    __syncthreads();
    cp_async16(&sV[tid * 4], gv + t * 512);
    cp_commit();
    float s = sK[(tid * 4 + 4) & 511];
    cp_wait0();
    __syncthreads();
    if (t + 1 < ntiles) cp_async16(&sK[tid * 4], gk + (t + 1) * 512);
    cp_commit();
    acc += s * sV[(tid * 4 + 8) & 511];
  }
  out[blockIdx.x * blockDim.x + tid] = acc;
}
