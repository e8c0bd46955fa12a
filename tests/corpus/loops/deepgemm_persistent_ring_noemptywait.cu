// corpus-source: deepseek-ai/DeepGEMM@54e22612409371d6364144b69086735beb54e98b:deep_gemm/include/deep_gemm/impls/sm90_bf16_gemm.cuh [sm90_bf16_gemm_impl: barrier init, advance_pipeline, TMA warp loop, math warpgroup loop, empty_barrier_arrive]
// corpus-form: adapted (tensor-map TMA and WGMMA replaced by 1D bulk copies of pre-packed fp32 tiles and an FMA loop; static persistent scheduler inlined; __syncwarp added before the lane-0 empty arrive because the reads are now generic ld.shared)
// syncproof-args: --block 384 --grid 1:132 --param shape_m=0:65536 --param shape_n=0:65536 --param shape_k=0:65536
// corpus-expect: buggy race
// Same persistent ring as deepgemm_persistent_ring_ok.cu, but the TMA thread no longer waits the empty barrier
// of the stage before reloading it. Once the producer is kNumStages k-blocks ahead (k_blocks > 3, or a second
// persistent tile), the bulk copy into smem_a[stage_idx] overwrites data the math warps are still reading
// (and whose empty arrival has not happened): an async-proxy write racing with generic ld.shared reads.
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

struct Barrier {  // stands for cutlass::arch::ClusterTransactionBarrier
  uint64_t barrier_;
  __device__ void init(uint32_t count) { barrier_init(&barrier_, count); }
  __device__ void wait(uint32_t phase) { barrier_wait(&barrier_, phase); }
  __device__ void arrive() { barrier_arrive(&barrier_); }
  __device__ void arrive_and_expect_tx(uint32_t bytes) { barrier_arrive_and_expect_tx(&barrier_, bytes); }
};

constexpr uint32_t kNumStages = 3;
constexpr uint32_t BLOCK_M = 128, BLOCK_N = 64, BLOCK_K = 16;
constexpr uint32_t kNumTMAThreads = 128, kNumMathThreads = 256;
constexpr uint32_t kNumTMAMulticast = 1;
constexpr uint32_t SMEM_A_SIZE_PER_STAGE = BLOCK_M * BLOCK_K * sizeof(float);
constexpr uint32_t SMEM_B_SIZE_PER_STAGE = BLOCK_N * BLOCK_K * sizeof(float);

__device__ __forceinline__ uint32_t ceil_div(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

// A_packed: [m_blocks][k_blocks][BLOCK_M*BLOCK_K], B_packed: [n_blocks][k_blocks][BLOCK_N*BLOCK_K],
// D_packed: [m_blocks*n_blocks][BLOCK_M*BLOCK_N]
__global__ void __launch_bounds__(kNumTMAThreads + kNumMathThreads, 1)
sm90_gemm_impl(const float* __restrict__ A_packed, const float* __restrict__ B_packed, float* __restrict__ D_packed,
               uint32_t shape_m, uint32_t shape_n, uint32_t shape_k) {
  __shared__ alignas(1024) float smem_a[kNumStages][BLOCK_M * BLOCK_K];
  __shared__ alignas(1024) float smem_b[kNumStages][BLOCK_N * BLOCK_K];
  __shared__ Barrier full_barriers[kNumStages];
  __shared__ Barrier empty_barriers[kNumStages];

  const uint32_t warp_idx = __shfl_sync(0xffffffff, threadIdx.x / 32, 0);
  const uint32_t lane_idx = threadIdx.x % 32;

  // Initialize barriers
  if (warp_idx == kNumMathThreads / 32 + 1 && lane_idx == 0) {
    for (uint32_t i = 0; i < kNumStages; ++i) {
      full_barriers[i].init(1);
      empty_barriers[i].init(kNumTMAMulticast * kNumMathThreads / 32);
    }
    // Make initialized barrier visible in async proxy
    fence_barrier_init();
  }
  // Synchronize all threads to make barrier visible in normal memory model
  __syncthreads();

  // Block scheduler (static persistent: block i, i + gridDim.x, ...)
  const uint32_t num_m_blocks = ceil_div(shape_m, BLOCK_M), num_n_blocks = ceil_div(shape_n, BLOCK_N);
  const uint32_t num_blocks = num_m_blocks * num_n_blocks;
  const uint32_t num_total_k_blocks = ceil_div(shape_k, BLOCK_K);

  // Pipeline and TMA phases
  uint32_t stage_idx = 0, phase = 0;
  auto advance_pipeline = [&](uint32_t& k_block_idx) {
    ++k_block_idx;
    // Flip phases only if reach the next first stage
    stage_idx = stage_idx == kNumStages - 1 ? 0 : stage_idx + 1;
    phase ^= stage_idx == 0;
  };

  if (warp_idx >= kNumMathThreads / 32) {
    // TMA warp-group for loading data; only one thread is used
    if (warp_idx == kNumMathThreads / 32 + 2 && lane_idx == 0) {
      for (uint32_t block_idx = blockIdx.x; block_idx < num_blocks; block_idx += gridDim.x) {
        const uint32_t m_block_idx = block_idx / num_n_blocks, n_block_idx = block_idx % num_n_blocks;
        for (uint32_t k_block_idx = 0; k_block_idx < num_total_k_blocks; advance_pipeline(k_block_idx)) {
          // (consumer release is not waited for)

          auto& full_barrier = full_barriers[stage_idx];
          const float* src_a = A_packed + (size_t(m_block_idx) * num_total_k_blocks + k_block_idx) * (BLOCK_M * BLOCK_K);
          const float* src_b = B_packed + (size_t(n_block_idx) * num_total_k_blocks + k_block_idx) * (BLOCK_N * BLOCK_K);
          bulk_copy_g2s(src_a, &full_barrier.barrier_, smem_a[stage_idx], SMEM_A_SIZE_PER_STAGE);  // corpus-bug
          bulk_copy_g2s(src_b, &full_barrier.barrier_, smem_b[stage_idx], SMEM_B_SIZE_PER_STAGE);
          full_barrier.arrive_and_expect_tx(SMEM_A_SIZE_PER_STAGE + SMEM_B_SIZE_PER_STAGE);
        }
      }
    }
  } else {
    // Math warp-groups
    const uint32_t row = threadIdx.x / 2, col0 = (threadIdx.x % 2) * 32;

    // Empty barrier arrival
    auto empty_barrier_arrive = [&](uint32_t s) {
      __syncwarp();
      lane_idx == 0 ? empty_barriers[s].arrive() : void();
    };

    for (uint32_t block_idx = blockIdx.x; block_idx < num_blocks; block_idx += gridDim.x) {
      float accum[32];
      for (int i = 0; i < 32; ++i) accum[i] = 0.f;

      for (uint32_t k_block_idx = 0; k_block_idx < num_total_k_blocks; advance_pipeline(k_block_idx)) {
        // Wait TMA arrivals
        full_barriers[stage_idx].wait(phase);

        const float* sa = smem_a[stage_idx];
        const float* sb = smem_b[stage_idx];
        for (uint32_t k = 0; k < BLOCK_K; ++k) {
          const float a = sa[row * BLOCK_K + k];
          for (uint32_t j = 0; j < 32; ++j) accum[j] += a * sb[(col0 + j) * BLOCK_K + k];
        }

        // Notify barrier arrival
        empty_barrier_arrive(stage_idx);
      }

      float* dst = D_packed + size_t(block_idx) * (BLOCK_M * BLOCK_N);
      for (uint32_t j = 0; j < 32; ++j) dst[row * BLOCK_N + col0 + j] = accum[j];
    }
  }
}
