// corpus-source: written from: PTX ISA 9.0 (CUDA 13.0), "Parallel Synchronization and Communication Instructions: mbarrier" (mbarrier.init, mbarrier.arrive, mbarrier.arrive.expect_tx, mbarrier.try_wait.parity, "Phase Completion of the mbarrier object") and "cp.async.bulk"; CUDA C++ Programming Guide, "__syncwarp"
// corpus-form: written
// syncproof-args: --block 160 --grid 1:132 --param num_tiles=0:100000
// corpus-expect: correct
// host launch: ws_warp_release<<<grid, 160>>>(in, out, num_tiles);  in: num_tiles*1024 floats, out: grid*128 floats (cudaMalloc'd, distinct, 16-byte aligned)
//
// Warp 0 lane 0 produces; warps 1..4 consume; after __syncwarp, lane 0 of each consumer
// warp releases the stage (empty count = 4 warps).  full[s]: count 1 + 4096 tx bytes.
// Stage/phase in a small struct (CUTLASS PipelineState style); producer starts at phase 1.
#include <cstdint>

constexpr int kStages = 4;
constexpr int kTile = 1024;
constexpr uint32_t kTileBytes = kTile * sizeof(float);
constexpr int kConsumerWarps = 4;
constexpr int kConsumerThreads = kConsumerWarps * 32;

struct PipeState {
  int index = 0;
  uint32_t phase = 0;
  __device__ void advance() {
    if (++index == kStages) { index = 0; phase ^= 1; }
  }
};

__device__ __forceinline__ uint32_t to_smem(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }

__device__ __forceinline__ void mbar_init(uint64_t* bar, uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(to_smem(bar)), "r"(count) : "memory");
}
__device__ __forceinline__ void mbar_wait(uint64_t* bar, uint32_t parity) {
  asm volatile("{\n\t"
               ".reg .pred P1;\n"
               "WAIT:\n\t"
               "mbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1;\n\t"
               "@P1 bra.uni WAIT_DONE;\n\t"
               "bra.uni WAIT;\n"
               "WAIT_DONE:\n\t"
               "}"
               :: "r"(to_smem(bar)), "r"(parity) : "memory");
}
__device__ __forceinline__ void mbar_arrive(uint64_t* bar) {
  asm volatile("mbarrier.arrive.release.cta.shared::cta.b64 _, [%0];" :: "r"(to_smem(bar)) : "memory");
}
__device__ __forceinline__ void mbar_arrive_expect_tx(uint64_t* bar, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(to_smem(bar)), "r"(bytes) : "memory");
}
__device__ __forceinline__ void tma_load(void* dst, const void* src, uint32_t bytes, uint64_t* bar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
               :: "r"(to_smem(dst)), "l"(src), "r"(bytes), "r"(to_smem(bar)) : "memory");
}

__global__ void ws_warp_release(const float* __restrict__ in, float* __restrict__ out, int num_tiles) {
  __shared__ __align__(128) float stage_buf[kStages][kTile];
  __shared__ __align__(8) uint64_t full[kStages];
  __shared__ __align__(8) uint64_t empty[kStages];

  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (threadIdx.x == 0) {
    for (int s = 0; s < kStages; ++s) {
      mbar_init(&full[s], 1);
      mbar_init(&empty[s], kConsumerWarps);
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();

  if (warp == 0) {
    if (lane == 0) {
      PipeState w{0, 1};
      for (int t = 0; t < num_tiles; ++t) {
        mbar_wait(&empty[w.index], w.phase);
        mbar_arrive_expect_tx(&full[w.index], kTileBytes);
        tma_load(stage_buf[w.index], in + (size_t)t * kTile, kTileBytes, &full[w.index]);
        w.advance();
      }
    }
  } else {
    const int c = threadIdx.x - 32;
    float acc = 0.f;
    PipeState r;
    for (int t = 0; t < num_tiles; ++t) {
      mbar_wait(&full[r.index], r.phase);
      for (int j = c; j < kTile; j += kConsumerThreads)
        acc += stage_buf[r.index][j] * (float)(t + 1);
      __syncwarp();
      if (lane == 0) mbar_arrive(&empty[r.index]);
      r.advance();
    }
    out[blockIdx.x * kConsumerThreads + c] = acc;
  }
}
