// corpus-source: deepseek-ai/DeepGEMM@54e22612409371d6364144b69086735beb54e98b:deep_gemm/include/deep_gemm/impls/sm90_bf16_gemm.cuh [sm90_bf16_gemm_impl: barrier init, advance_pipeline, TMA warp loop, math warp loop, empty_barrier_arrive]
// corpus-form: adapted (one CTA, no multicast, no persistent scheduler; num_total_k_blocks = ceil_div(shape_k, BLOCK_K) as in the original; 1-D cp.async.bulk of one 4 KiB block per stage instead of tensor TMA; 8 math warps read with ld.shared and __syncwarp before lane 0 arrives, instead of WGMMA + warpgroup_wait; barrier wait as an asm try_wait loop)
// syncproof-args: --block 288 --grid 1:132 --param shape_k=0:102400000
// corpus-expect: correct
// host launch: deepgemm_ring4<<<grid, 288>>>(gmem_a, gmem_d, shape_k);  gmem_a: ceil_div(shape_k, 1024)*1024 floats, gmem_d: grid*256 floats (cudaMalloc'd, distinct, 16-byte aligned)
//
// Warps 0..7 (256 threads) are math warps, warp 8 is the TMA warp (lane 0 issues).
// full[s]: count 1, copy issued before arrive.expect_tx (DeepGEMM order).
// empty[s]: count 8 (lane 0 of each math warp).  Producer waits empty on phase ^ 1.
#include <cstdint>

constexpr uint32_t kNumStages = 4;
constexpr uint32_t kNumMathThreads = 256;
constexpr uint32_t BLOCK_K = 1024;
constexpr uint32_t SMEM_A_SIZE_PER_STAGE = BLOCK_K * sizeof(float);  // 4096

__device__ __forceinline__ uint32_t smem_u32(const void* p) {
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
__device__ __forceinline__ void init(uint64_t* bar, uint32_t count) {
    asm volatile("mbarrier.init.shared::cta.b64 [%1], %0;" :: "r"(count), "r"(smem_u32(bar)) : "memory");
}
__device__ __forceinline__ void wait(uint64_t* bar, uint32_t phase) {
    asm volatile(
        "{\n\t"
        ".reg .pred P1;\n\t"
        "LAB_WAIT:\n\t"
        "mbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1, %2;\n\t"
        "@P1 bra DONE;\n\t"
        "bra LAB_WAIT;\n\t"
        "DONE:\n\t"
        "}"
        :: "r"(smem_u32(bar)), "r"(phase), "r"(0x989680) : "memory");
}
__device__ __forceinline__ void arrive(uint64_t* bar) {
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(smem_u32(bar)) : "memory");
}
__device__ __forceinline__ void arrive_and_expect_tx(uint64_t* bar, uint32_t bytes) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%1], %0;" :: "r"(bytes), "r"(smem_u32(bar)) : "memory");
}
__device__ __forceinline__ void tma_copy(void* smem, const void* gmem, uint32_t bytes, uint64_t* bar) {
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                 :: "r"(smem_u32(smem)), "l"(gmem), "r"(bytes), "r"(smem_u32(bar)) : "memory");
}

__global__ void deepgemm_ring4(const float* __restrict__ gmem_a, float* __restrict__ gmem_d, uint32_t shape_k) {
    __shared__ __align__(128) float smem_a[kNumStages][BLOCK_K];
    __shared__ __align__(8) uint64_t full_barriers[kNumStages];
    __shared__ __align__(8) uint64_t empty_barriers[kNumStages];

    const uint32_t warp_idx = threadIdx.x / 32;
    const uint32_t lane_idx = threadIdx.x % 32;

    if (warp_idx == kNumMathThreads / 32 && lane_idx == 0) {
        for (uint32_t i = 0; i < kNumStages; ++ i) {
            init(&full_barriers[i], 1);
            init(&empty_barriers[i], kNumMathThreads / 32);
        }
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();

    const uint32_t num_total_k_blocks = (shape_k + BLOCK_K - 1) / BLOCK_K;
    uint32_t stage_idx = 0, phase = 0;

    if (warp_idx >= kNumMathThreads / 32) {
        if (lane_idx == 0) {
            for (uint32_t k_block_idx = 0; k_block_idx < num_total_k_blocks; ++ k_block_idx) {
                wait(&empty_barriers[stage_idx], phase ^ 1);
                tma_copy(smem_a[stage_idx], gmem_a + (size_t)k_block_idx * BLOCK_K, SMEM_A_SIZE_PER_STAGE, &full_barriers[stage_idx]);
                arrive_and_expect_tx(&full_barriers[stage_idx], SMEM_A_SIZE_PER_STAGE);
                stage_idx = stage_idx == kNumStages - 1 ? 0 : stage_idx + 1;
                phase ^= stage_idx == 0;
            }
        }
    } else {
        float accum = 0.f;
        for (uint32_t k_block_idx = 0; k_block_idx < num_total_k_blocks; ++ k_block_idx) {
            float part = 0.f;
            wait(&full_barriers[stage_idx], phase);
            for (uint32_t j = threadIdx.x; j < BLOCK_K; j += kNumMathThreads) part += smem_a[stage_idx][j];
            accum += part;
            __syncwarp();
            if (lane_idx == 0) arrive(&empty_barriers[stage_idx]);
            stage_idx = stage_idx == kNumStages - 1 ? 0 : stage_idx + 1;
            phase ^= stage_idx == 0;
        }
        gmem_d[blockIdx.x * kNumMathThreads + threadIdx.x] = accum;
    }
}
