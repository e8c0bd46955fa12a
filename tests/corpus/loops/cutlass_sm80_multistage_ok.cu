// corpus-source: NVIDIA/cutlass@7107b05535f8977f5ecb9d01ee203205b1fd9bc4:include/cutlass/gemm/threadblock/mma_multistage.h [prologue, gmem_wait, mac_loop_iter, gemm_iters], include/cutlass/arch/memory_sm80.h [cp_async<16, CacheOperation::Global>, cp_async_fence, cp_async_wait]
// corpus-form: adapted (tile iterators and warp-level MMA replaced by 16-byte cp.async of pre-packed fp32 tiles and an FMA loop over shared memory; the per-warp-tile interleaving of copies is collapsed into one copy phase per k-iteration)
// syncproof-args: --block 128 --grid 1:1024 --param k_tiles=0:100000
// corpus-expect: correct
// sm80-style multistage mainloop, kStages = 3: the prologue commits kStages-1 cp.async groups; every iteration
// computes on the read stage, issues (predicated) copies of tile k+kStages-1 into the write stage, commits one
// group (possibly empty), then cp.async.wait_group kStages-2 + __syncthreads before the stages advance.
#include <cstdint>

// ---- cutlass::arch (memory_sm80.h), CUTLASS_DEVICE -> __device__
__device__ __forceinline__ void cp_async_cg_16(void* smem_ptr, void const* global_ptr, bool pred_guard) {
  unsigned smem_int_ptr = static_cast<unsigned>(__cvta_generic_to_shared(smem_ptr));
  asm volatile(
      "{\n"
      "  .reg .pred p;\n"
      "  setp.ne.b32 p, %0, 0;\n"
      "  @p cp.async.cg.shared.global [%1], [%2], %3;\n"
      "}\n" ::"r"((int)pred_guard),
      "r"(smem_int_ptr), "l"(global_ptr), "n"(16));
}
__device__ __forceinline__ void cp_async_fence() { asm volatile("cp.async.commit_group;\n" ::); }
template <int N>
__device__ __forceinline__ void cp_async_wait() { asm volatile("cp.async.wait_group %0;\n" ::"n"(N)); }

constexpr int kStages = 3;
constexpr int kM = 64, kN = 64, kK = 16;
constexpr int kThreads = 128;
constexpr int kTileFloats = kM * kK;  // == kK * kN

// A_packed: [grid][k_tiles][kM*kK], B_packed: [k_tiles][kK*kN], C_packed: [grid][kM*kN]
__global__ void __launch_bounds__(kThreads)
mma_multistage(const float* __restrict__ A_packed, const float* __restrict__ B_packed, float* __restrict__ C_packed, int k_tiles) {
  __shared__ alignas(16) float smem_A[kStages][kTileFloats];
  __shared__ alignas(16) float smem_B[kStages][kTileFloats];

  const float* gA = A_packed + size_t(blockIdx.x) * size_t(k_tiles) * kTileFloats;
  const int t = threadIdx.x;
  int gemm_k_iterations = k_tiles;
  int fetch_k = 0;

  // copy_tiles_and_advance: 1024 floats per operand = 256 16-byte chunks, 2 per thread
  auto copy_tiles = [&](int stage, int k_tile, bool valid) {
    for (int c = t; c < kTileFloats / 4; c += kThreads) {
      cp_async_cg_16(&smem_A[stage][c * 4], gA + size_t(k_tile) * kTileFloats + c * 4, valid);
      cp_async_cg_16(&smem_B[stage][c * 4], B_packed + size_t(k_tile) * kTileFloats + c * 4, valid);
    }
  };

  // prologue
  for (int stage = 0; stage < kStages - 1; ++stage, --gemm_k_iterations) {
    copy_tiles(stage, fetch_k, gemm_k_iterations > 0);  // iterator.clear_mask(gemm_k_iterations == 0)
    ++fetch_k;
    cp_async_fence();
  }
  int smem_write_stage_idx = kStages - 1;
  int smem_read_stage_idx = 0;

  // gmem_wait
  cp_async_wait<kStages - 2>();
  __syncthreads();

  const int row = t / 2, col0 = (t % 2) * 32;
  float accum[32];
  for (int j = 0; j < 32; ++j) accum[j] = 0.f;

  // gemm_iters
  for (int k = 0; k < k_tiles; ++k) {
    const float* sA = smem_A[smem_read_stage_idx];
    const float* sB = smem_B[smem_read_stage_idx];
    for (int kk = 0; kk < kK; ++kk) {
      const float a = sA[row * kK + kk];
      for (int j = 0; j < 32; ++j) accum[j] += a * sB[kk * kN + col0 + j];
    }

    copy_tiles(smem_write_stage_idx, fetch_k, gemm_k_iterations > 0);
    ++fetch_k;
    cp_async_fence();

    // Wait until we have at least one completed global fetch stage
    cp_async_wait<kStages - 2>();
    __syncthreads();

    // advance_smem_write_stage / advance_smem_read_stage
    if (++smem_write_stage_idx == kStages) smem_write_stage_idx = 0;
    if (++smem_read_stage_idx == kStages) smem_read_stage_idx = 0;
    --gemm_k_iterations;
  }

  // drain outstanding (predicated-off) groups before exit
  cp_async_wait<0>();

  float* gC = C_packed + size_t(blockIdx.x) * (kM * kN);
  for (int j = 0; j < 32; ++j) gC[row * kN + col0 + j] = accum[j];
}
