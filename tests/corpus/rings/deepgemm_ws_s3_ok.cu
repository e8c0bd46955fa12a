// corpus-source: deepseek-ai/DeepGEMM@54e22612409371d6364144b69086735beb54e98b:deep_gemm/include/deep_gemm/impls/sm90_bf16_gemm.cuh [sm90_bf16_gemm_impl: barrier init, advance_pipeline, TMA warp loop, math warp loop, empty_barrier_arrive]
// corpus-form: adapted (one CTA, no multicast, no persistent scheduler: one k loop; 1-D cp.async.bulk of one 4 KiB tile per stage instead of tensor TMA of A and B; math warps read the stage with ld.shared and __syncwarp before lane 0 arrives, instead of WGMMA + warpgroup_wait; barriers as plain uint64_t with a C++ try_wait loop)
// syncproof-args: --block 160 --grid 1:132 --param num_k_blocks=0:100000
// corpus-expect: correct
// host launch: deepgemm_ring<<<grid, 160>>>(gmem_a, gmem_d, num_k_blocks);  gmem_a: num_k_blocks*1024 floats, gmem_d: grid*128 floats (cudaMalloc'd, distinct, 16-byte aligned)
//
// Warps 0..3 (128 threads) are math warps, warp 4 is the TMA warp (one thread issues).
// full[s]: count 1; the copy is issued first and arrive.expect_tx follows (DeepGEMM order).
// empty[s]: count kNumMathThreads / 32 = 4, lane 0 of each math warp arrives.
// The producer waits empty with phase ^ 1, so its first round passes at once.
#include <cstdint>

constexpr uint32_t kNumStages = 3;
constexpr uint32_t kNumMathThreads = 128;
constexpr uint32_t BLOCK_ELEMS = 1024;
constexpr uint32_t SMEM_A_SIZE_PER_STAGE = BLOCK_ELEMS * sizeof(float);  // 4096

__device__ __forceinline__ uint32_t smem_u32(const void* p) {
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
__device__ __forceinline__ void init(uint64_t* bar, uint32_t count) {
    asm volatile("mbarrier.init.shared::cta.b64 [%1], %0;" :: "r"(count), "r"(smem_u32(bar)) : "memory");
}
__device__ __forceinline__ bool try_wait(uint64_t* bar, uint32_t phase) {
    uint32_t done;
    asm volatile(
        "{\n\t"
        ".reg .pred P1;\n\t"
        "mbarrier.try_wait.parity.shared::cta.b64 P1, [%1], %2;\n\t"
        "selp.b32 %0, 1, 0, P1;\n\t"
        "}"
        : "=r"(done) : "r"(smem_u32(bar)), "r"(phase) : "memory");
    return done != 0;
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

__global__ void deepgemm_ring(const float* __restrict__ gmem_a, float* __restrict__ gmem_d, uint32_t num_k_blocks) {
    __shared__ __align__(128) float smem_a[kNumStages][BLOCK_ELEMS];
    __shared__ __align__(8) uint64_t full_barriers[kNumStages];
    __shared__ __align__(8) uint64_t empty_barriers[kNumStages];

    const uint32_t warp_idx = threadIdx.x / 32;
    const uint32_t lane_idx = threadIdx.x % 32;

    // Initialize barriers
    if (warp_idx == kNumMathThreads / 32 && lane_idx == 0) {
        for (uint32_t i = 0; i < kNumStages; ++ i) {
            init(&full_barriers[i], 1);
            init(&empty_barriers[i], kNumMathThreads / 32);
        }
        // Make initialized barrier visible in async proxy
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();

    // Pipeline and TMA phases
    uint32_t stage_idx = 0, phase = 0;

    if (warp_idx >= kNumMathThreads / 32) {
        // TMA warp
        if (lane_idx == 0) {
            for (uint32_t k_block_idx = 0; k_block_idx < num_k_blocks; ++ k_block_idx) {
                // Wait consumer release
                while (!try_wait(&empty_barriers[stage_idx], phase ^ 1)) {}
                tma_copy(smem_a[stage_idx], gmem_a + (size_t)k_block_idx * BLOCK_ELEMS, SMEM_A_SIZE_PER_STAGE, &full_barriers[stage_idx]);
                arrive_and_expect_tx(&full_barriers[stage_idx], SMEM_A_SIZE_PER_STAGE);
                // Flip phases only if reach the next first stage
                stage_idx = stage_idx == kNumStages - 1 ? 0 : stage_idx + 1;
                phase ^= stage_idx == 0;
            }
        }
    } else {
        // Math warps
        float accum = 0.f;
        for (uint32_t k_block_idx = 0; k_block_idx < num_k_blocks; ++ k_block_idx) {
            // Wait TMA arrivals
            while (!try_wait(&full_barriers[stage_idx], phase)) {}
            for (uint32_t j = threadIdx.x; j < BLOCK_ELEMS; j += kNumMathThreads)
                accum += smem_a[stage_idx][j];
            // Notify barrier arrival
            __syncwarp();
            if (lane_idx == 0) arrive(&empty_barriers[stage_idx]);
            stage_idx = stage_idx == kNumStages - 1 ? 0 : stage_idx + 1;
            phase ^= stage_idx == 0;
        }
        gmem_d[blockIdx.x * kNumMathThreads + threadIdx.x] = accum;
    }
}
