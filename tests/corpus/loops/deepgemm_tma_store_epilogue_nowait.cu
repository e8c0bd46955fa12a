// corpus-source: deepseek-ai/DeepGEMM@54e22612409371d6364144b69086735beb54e98b:deep_gemm/include/deep_gemm/impls/sm90_bf16_gemm.cuh [sm90_bf16_gemm_impl: TMA warp loop, math loop, TMA-store epilogue (tma_store_wait<0>, NamedBarrier::sync(kNumWGMMAStoreThreads, 0), st.shared, tma_store_fence, tma_store_arrive)]
// corpus-form: adapted (tensor-map TMA/WGMMA/STSM replaced by 1D bulk copies of pre-packed fp32 tiles, an FMA loop and plain st.shared; the D tile is stored by 4 threads with 1D bulk S2G copies; static persistent scheduler; a final tma_store_wait<0> added before exit as CUTLASS store_tail does)
// syncproof-args: --block 384 --grid 1:132 --param shape_m=0:65536 --param shape_n=0:65536 --param shape_k=0:65536
// corpus-expect: buggy async-copy
// Same persistent GEMM as deepgemm_tma_store_epilogue_ok.cu, but the store threads no longer wait
// cp.async.bulk.wait_group.read before smem_d is reused: the named barrier alone does not wait for bulk stores.
// When a block processes a second output tile, the math threads' st.shared into smem_d can overwrite data the
// previous tile's bulk S2G copies are still reading (async-proxy read vs generic write on the same buffer).
#include <cstdint>

// ---- helpers copied from include/cutlass/arch/barrier.h (ClusterBarrier::init/wait/arrive,
// ---- ClusterTransactionBarrier::arrive_and_expect_tx, fence_barrier_init, fence_view_async_shared)
// ---- and include/cute/arch/copy_sm90_tma.hpp (SM90_BULK_COPY_G2S), CUTLASS_DEVICE -> __device__
__device__ __forceinline__ uint32_t cast_smem_ptr_to_uint(void const* const ptr) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(ptr));
}

__device__ __forceinline__ void barrier_init(uint64_t const* smem_ptr, uint32_t arrive_count) {
  uint32_t smem_addr = cast_smem_ptr_to_uint(smem_ptr);
  asm volatile(
      "{\n\t"
      "mbarrier.init.shared::cta.b64 [%1], %0; \n"
      "}"
      :
      : "r"(arrive_count), "r"(smem_addr)
      : "memory");
}

__device__ __forceinline__ void barrier_wait(uint64_t const* smem_ptr, uint32_t phase) {
  uint32_t smem_addr = cast_smem_ptr_to_uint(smem_ptr);
  // Arbitrarily large timer value after which try-wait expires and re-tries.
  uint32_t ticks = 0x989680;
  asm volatile(
      "{\n\t"
      ".reg .pred       P1; \n\t"
      "LAB_WAIT: \n\t"
      "mbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1, %2; \n\t"
      "@P1 bra DONE; \n\t"
      "bra     LAB_WAIT; \n\t"
      "DONE: \n\t"
      "}"
      :
      : "r"(smem_addr), "r"(phase), "r"(ticks)
      : "memory");
}

__device__ __forceinline__ void barrier_arrive(uint64_t const* smem_ptr) {
  uint32_t smem_addr = cast_smem_ptr_to_uint(smem_ptr);
  asm volatile(
      "{\n\t"
      "mbarrier.arrive.shared::cta.b64 _, [%0];\n\t"
      "}"
      :
      : "r"(smem_addr)
      : "memory");
}

__device__ __forceinline__ void barrier_arrive_and_expect_tx(uint64_t const* smem_ptr, uint32_t transaction_bytes) {
  uint32_t smem_addr = cast_smem_ptr_to_uint(smem_ptr);
  asm volatile(
      "{\n\t"
      "mbarrier.arrive.expect_tx.shared::cta.b64 _, [%1], %0; \n\t"
      "}"
      :
      : "r"(transaction_bytes), "r"(smem_addr)
      : "memory");
}

__device__ __forceinline__ void fence_barrier_init() {
  asm volatile(
      "{\n\t"
      "fence.mbarrier_init.release.cluster; \n"
      "}"
      ::
      : "memory");
}

__device__ __forceinline__ void fence_view_async_shared() {
  asm volatile(
      "{\n\t"
      "fence.proxy.async.shared::cta; \n"
      "}"
      ::
      : "memory");
}

// SM90_BULK_COPY_G2S::copy
__device__ __forceinline__ void bulk_copy_g2s(void const* gmem_ptr, uint64_t* mbar_ptr, void* smem_ptr, int32_t load_bytes) {
  uint32_t smem_int_mbar = cast_smem_ptr_to_uint(mbar_ptr);
  uint32_t smem_int_ptr  = cast_smem_ptr_to_uint(smem_ptr);
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];\n"
                   :
                   : "r"(smem_int_ptr), "l"(gmem_ptr), "r"(load_bytes), "r"(smem_int_mbar)
                   : "memory");
}

// ---- from include/cute/arch/copy_sm90_tma.hpp (SM90_BULK_COPY_S2G::copy, tma_store_fence, tma_store_arrive, tma_store_wait)
__device__ __forceinline__ void bulk_copy_s2g(void const* smem_ptr, void* gmem_ptr, int32_t store_bytes) {
  uint32_t smem_int_ptr = static_cast<uint32_t>(__cvta_generic_to_shared(smem_ptr));
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;\n"
                   :
                   : "l"(gmem_ptr), "r"(smem_int_ptr), "r"(store_bytes)
                   : "memory");
}
__device__ __forceinline__ void tma_store_fence() { asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); }
__device__ __forceinline__ void tma_store_arrive() { asm volatile("cp.async.bulk.commit_group;" ::: "memory"); }
template <int Count>
__device__ __forceinline__ void tma_store_wait() { asm volatile("cp.async.bulk.wait_group.read %0;" : : "n"(Count) : "memory"); }

struct Barrier {  // stands for cutlass::arch::ClusterTransactionBarrier
  uint64_t barrier_;
  __device__ void init(uint32_t count) { barrier_init(&barrier_, count); }
  __device__ void wait(uint32_t phase) { barrier_wait(&barrier_, phase); }
  __device__ void arrive() { barrier_arrive(&barrier_); }
  __device__ void arrive_and_expect_tx(uint32_t bytes) { barrier_arrive_and_expect_tx(&barrier_, bytes); }
};

__device__ __forceinline__ void named_barrier_sync(uint32_t num_threads, uint32_t barrier_id) {  // NamedBarrier::sync(n, 0)
  asm volatile("bar.sync %0, %1;" : : "r"(barrier_id), "r"(num_threads) : "memory");
}

constexpr uint32_t kNumStages = 3;
constexpr uint32_t BLOCK_M = 128, BLOCK_N = 32, BLOCK_K = 16;
constexpr uint32_t kNumTMAThreads = 128, kNumMathThreads = 256;
constexpr uint32_t kNumWGMMAStoreThreads = kNumMathThreads;
constexpr uint32_t kNumTMAStoreThreads = 4;  // each stores BLOCK_M / 4 contiguous rows of D
constexpr uint32_t SMEM_A_SIZE_PER_STAGE = BLOCK_M * BLOCK_K * sizeof(float);
constexpr uint32_t SMEM_B_SIZE_PER_STAGE = BLOCK_N * BLOCK_K * sizeof(float);
constexpr uint32_t kStoreSliceFloats = BLOCK_M * BLOCK_N / kNumTMAStoreThreads;

__device__ __forceinline__ uint32_t ceil_div(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

// A_packed: [m_blocks][k_blocks][BLOCK_M*BLOCK_K], B_packed: [n_blocks][k_blocks][BLOCK_N*BLOCK_K],
// D_packed: [m_blocks*n_blocks][BLOCK_M*BLOCK_N]
__global__ void __launch_bounds__(kNumTMAThreads + kNumMathThreads, 1)
sm90_gemm_tma_store(const float* __restrict__ A_packed, const float* __restrict__ B_packed, float* __restrict__ D_packed,
                    uint32_t shape_m, uint32_t shape_n, uint32_t shape_k) {
  __shared__ alignas(1024) float smem_d[BLOCK_M * BLOCK_N];
  __shared__ alignas(1024) float smem_a[kNumStages][BLOCK_M * BLOCK_K];
  __shared__ alignas(1024) float smem_b[kNumStages][BLOCK_N * BLOCK_K];
  __shared__ Barrier full_barriers[kNumStages];
  __shared__ Barrier empty_barriers[kNumStages];

  const uint32_t warp_idx = __shfl_sync(0xffffffff, threadIdx.x / 32, 0);
  const uint32_t lane_idx = threadIdx.x % 32;

  if (warp_idx == kNumMathThreads / 32 + 1 && lane_idx == 0) {
    for (uint32_t i = 0; i < kNumStages; ++i) {
      full_barriers[i].init(1);
      empty_barriers[i].init(kNumMathThreads / 32);
    }
    fence_barrier_init();
  }
  __syncthreads();

  const uint32_t num_m_blocks = ceil_div(shape_m, BLOCK_M), num_n_blocks = ceil_div(shape_n, BLOCK_N);
  const uint32_t num_blocks = num_m_blocks * num_n_blocks;
  const uint32_t num_total_k_blocks = ceil_div(shape_k, BLOCK_K);

  uint32_t stage_idx = 0, phase = 0;
  auto advance_pipeline = [&](uint32_t& k_block_idx) {
    ++k_block_idx;
    stage_idx = stage_idx == kNumStages - 1 ? 0 : stage_idx + 1;
    phase ^= stage_idx == 0;
  };

  if (warp_idx >= kNumMathThreads / 32) {
    // TMA warp-group
    if (warp_idx == kNumMathThreads / 32 + 2 && lane_idx == 0) {
      for (uint32_t block_idx = blockIdx.x; block_idx < num_blocks; block_idx += gridDim.x) {
        const uint32_t m_block_idx = block_idx / num_n_blocks, n_block_idx = block_idx % num_n_blocks;
        for (uint32_t k_block_idx = 0; k_block_idx < num_total_k_blocks; advance_pipeline(k_block_idx)) {
          empty_barriers[stage_idx].wait(phase ^ 1);
          auto& full_barrier = full_barriers[stage_idx];
          bulk_copy_g2s(A_packed + (size_t(m_block_idx) * num_total_k_blocks + k_block_idx) * (BLOCK_M * BLOCK_K),
                        &full_barrier.barrier_, smem_a[stage_idx], SMEM_A_SIZE_PER_STAGE);
          bulk_copy_g2s(B_packed + (size_t(n_block_idx) * num_total_k_blocks + k_block_idx) * (BLOCK_N * BLOCK_K),
                        &full_barrier.barrier_, smem_b[stage_idx], SMEM_B_SIZE_PER_STAGE);
          full_barrier.arrive_and_expect_tx(SMEM_A_SIZE_PER_STAGE + SMEM_B_SIZE_PER_STAGE);
        }
      }
    }
  } else {
    // Math warp-groups
    const uint32_t row = threadIdx.x / 2, col0 = (threadIdx.x % 2) * 16;
    for (uint32_t block_idx = blockIdx.x; block_idx < num_blocks; block_idx += gridDim.x) {
      float accum[16];
      for (int i = 0; i < 16; ++i) accum[i] = 0.f;

      for (uint32_t k_block_idx = 0; k_block_idx < num_total_k_blocks; advance_pipeline(k_block_idx)) {
        full_barriers[stage_idx].wait(phase);
        for (uint32_t k = 0; k < BLOCK_K; ++k) {
          const float a = smem_a[stage_idx][row * BLOCK_K + k];
          for (uint32_t j = 0; j < 16; ++j) accum[j] += a * smem_b[stage_idx][(col0 + j) * BLOCK_K + k];
        }
        __syncwarp();
        lane_idx == 0 ? empty_barriers[stage_idx].arrive() : void();
      }

      // (the previous tile's TMA stores are not waited for)
      named_barrier_sync(kNumWGMMAStoreThreads, 0);

      for (uint32_t j = 0; j < 16; ++j) smem_d[row * BLOCK_N + col0 + j] = accum[j];  // corpus-bug
      tma_store_fence();
      named_barrier_sync(kNumWGMMAStoreThreads, 0);

      // Use TMA store to write back to global memory
      if (threadIdx.x < kNumTMAStoreThreads) {
        const float* smem_ptr = smem_d + threadIdx.x * kStoreSliceFloats;
        float* gmem_ptr = D_packed + size_t(block_idx) * (BLOCK_M * BLOCK_N) + threadIdx.x * kStoreSliceFloats;
        bulk_copy_s2g(smem_ptr, gmem_ptr, kStoreSliceFloats * sizeof(float));
        tma_store_arrive();
      }
      __syncwarp();
    }
    // store_tail: the last bulk stores must have read smem_d before the block exits
    if (threadIdx.x < kNumTMAStoreThreads)
      tma_store_wait<0>();
  }
}
