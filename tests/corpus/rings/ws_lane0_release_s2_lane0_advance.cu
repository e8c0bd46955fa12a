// corpus-source: written from: PTX ISA 9.0 (CUDA 13.0), "Parallel Synchronization and Communication Instructions: mbarrier" (mbarrier.init, mbarrier.arrive, mbarrier.arrive.expect_tx, mbarrier.try_wait.parity, "Phase Completion of the mbarrier object") and "cp.async.bulk"; CUDA C++ Programming Guide, "__syncwarp"
// corpus-form: written
// syncproof-args: --block 160 --grid 1:132 --param k_tiles=0:100000
// corpus-expect: buggy race
// host launch: ws_lane0_release<<<grid, 160>>>(a, out, k_tiles);  a: k_tiles*1024 floats, out: grid*128 floats (cudaMalloc'd, distinct, 16-byte aligned)
//
// Warp 0 lane 0 produces; warps 1..4 consume.  Each consumer lane keeps its own
// (stage, phase); after __syncwarp, lane 0 of each consumer warp releases the stage
// (empty count = 4).  full[s]: count 1 + 4096 tx bytes.  Producer starts at phase 1.
#include <cstdint>

constexpr int S = 2;
constexpr int TILE = 1024;
constexpr uint32_t TILE_BYTES = 4096;
constexpr int CONSUMER_WARPS = 4;
constexpr int CONSUMER_THREADS = 128;

__device__ __forceinline__ uint32_t smem_u32(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }

__device__ __forceinline__ void mbar_init(uint64_t* bar, uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(smem_u32(bar)), "r"(count) : "memory");
}
__device__ __forceinline__ void mbar_wait(uint64_t* bar, uint32_t parity) {
  asm volatile("{\n\t"
               ".reg .pred ready;\n"
               "SPIN:\n\t"
               "mbarrier.try_wait.parity.shared::cta.b64 ready, [%0], %1;\n\t"
               "@!ready bra SPIN;\n\t"
               "}"
               :: "r"(smem_u32(bar)), "r"(parity) : "memory");
}
__device__ __forceinline__ void mbar_arrive(uint64_t* bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(smem_u32(bar)) : "memory");
}
__device__ __forceinline__ void mbar_arrive_expect_tx(uint64_t* bar, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(smem_u32(bar)), "r"(bytes) : "memory");
}
__device__ __forceinline__ void bulk_copy(void* dst, const void* src, uint32_t bytes, uint64_t* bar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
               :: "r"(smem_u32(dst)), "l"(src), "r"(bytes), "r"(smem_u32(bar)) : "memory");
}

__global__ void ws_lane0_release(const float* __restrict__ a, float* __restrict__ out, int k_tiles) {
  __shared__ __align__(128) float tile[S][TILE];
  __shared__ __align__(8) uint64_t full[S];
  __shared__ __align__(8) uint64_t empty[S];

  const int warp = threadIdx.x >> 5;
  const int lane = threadIdx.x & 31;
  if (threadIdx.x == 0) {
    for (int s = 0; s < S; ++s) {
      mbar_init(&full[s], 1);
      mbar_init(&empty[s], CONSUMER_WARPS);
    }
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  }
  __syncthreads();

  if (warp == 0) {
    if (lane == 0) {
      int stage = 0, phase = 1;
      for (int k = 0; k < k_tiles; ++k) {
        mbar_wait(&empty[stage], phase);
        mbar_arrive_expect_tx(&full[stage], TILE_BYTES);
        bulk_copy(tile[stage], a + (size_t)k * TILE, TILE_BYTES, &full[stage]);
        if (++stage == S) { stage = 0; phase ^= 1; }
      }
    }
  } else {
    const int c = threadIdx.x - 32;
    float sumsq = 0.f;
    int stage = 0, phase = 0;
    for (int k = 0; k < k_tiles; ++k) {
      mbar_wait(&full[stage], phase);
      for (int j = c; j < TILE; j += CONSUMER_THREADS) {
        float v = tile[stage][j];
        sumsq += v * v;
      }
      __syncwarp();
      if (lane == 0) { mbar_arrive(&empty[stage]); if (++stage == S) { stage = 0; phase ^= 1; } }  // corpus-bug
    }
    out[blockIdx.x * CONSUMER_THREADS + c] = sumsq;
  }
}
