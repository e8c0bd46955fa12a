// corpus-source: NVIDIA/cutlass@7107b05535f8977f5ecb9d01ee203205b1fd9bc4:include/cutlass/pipeline/sm90_pipeline.hpp [PipelineState::operator++, make_producer_start_state, PipelineTmaAsync::producer_acquire, consumer_wait, consumer_release], include/cutlass/arch/barrier.h [ClusterBarrier::init, wait, arrive, ClusterTransactionBarrier::arrive_and_expect_tx, fence_barrier_init], include/cute/arch/copy_sm90_tma.hpp [SM90_BULK_COPY_G2S::copy]
// corpus-form: adapted (one CTA, no cluster; 1-D cp.async.bulk of one 4 KiB tile per stage instead of TMA tensor copies; consumers read the stage with ld.shared instead of WGMMA; pipeline class flattened into helpers)
// syncproof-args: --block 160 --grid 1:132 --param k_tiles=0:100000
// corpus-expect: buggy mbarrier
// host launch: cutlass_ws_ring<<<grid, 160>>>(A, out, k_tiles);  A: k_tiles*1024 floats, out: grid*128 floats (cudaMalloc'd, distinct, 16-byte aligned)
//
// Warp 0 lane 0 is the producer, warps 1..4 (128 threads) are the consumers.
// full[s]: count 1 (the producer's arrive.expect_tx) + 4096 tx bytes per phase.
// empty[s]: count 128, every consumer thread arrives once per tile (cluster size 1,
// so every consumer thread is a "signaling thread" as in PipelineTmaAsync).
#include <cstdint>

constexpr int Stages = 4;
constexpr int TileElems = 1024;
constexpr uint32_t TileBytes = TileElems * sizeof(float);  // 4096
constexpr int NumConsumers = 128;

struct PipelineState {
  int index = 0;
  uint32_t phase = 0;
  __device__ void advance() {
    ++index;
    if (index == Stages) {
      index = 0;
      phase ^= 1;
    }
  }
};

__device__ __forceinline__ uint32_t cast_smem_ptr_to_uint(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void barrier_init(uint64_t* bar, uint32_t arrive_count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%1], %0;\n" :: "r"(arrive_count), "r"(cast_smem_ptr_to_uint(bar)) : "memory");
}

__device__ __forceinline__ void fence_barrier_init() {
  asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
}

__device__ __forceinline__ void barrier_wait(uint64_t* bar, uint32_t phase) {
  asm volatile(
      "{\n\t"
      ".reg .pred P1;\n\t"
      "LAB_WAIT:\n\t"
      "mbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1;\n\t"
      "@P1 bra DONE;\n\t"
      "bra LAB_WAIT;\n\t"
      "DONE:\n\t"
      "}\n"
      :: "r"(cast_smem_ptr_to_uint(bar)), "r"(phase) : "memory");
}

__device__ __forceinline__ void barrier_arrive(uint64_t* bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" :: "r"(cast_smem_ptr_to_uint(bar)) : "memory");
}

__device__ __forceinline__ void arrive_and_expect_tx(uint64_t* bar, uint32_t transaction_bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%1], %0;\n" :: "r"(transaction_bytes), "r"(cast_smem_ptr_to_uint(bar)) : "memory");
}

__device__ __forceinline__ void bulk_copy_g2s(const void* gmem_ptr, uint64_t* mbar_ptr, void* smem_ptr, uint32_t load_bytes) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];\n"
               :: "r"(cast_smem_ptr_to_uint(smem_ptr)), "l"(gmem_ptr), "r"(load_bytes), "r"(cast_smem_ptr_to_uint(mbar_ptr))
               : "memory");
}

__global__ void cutlass_ws_ring(const float* __restrict__ A, float* __restrict__ out, int k_tiles) {
  __shared__ __align__(128) float smem_a[Stages][TileElems];
  __shared__ __align__(8) uint64_t full_barrier[Stages];
  __shared__ __align__(8) uint64_t empty_barrier[Stages];

  int warp_idx = threadIdx.x / 32;
  if (threadIdx.x == 0) {
    for (int i = 0; i < Stages; ++i) {
      barrier_init(&full_barrier[i], 1);
      barrier_init(&empty_barrier[i], NumConsumers);
    }
    fence_barrier_init();
  }
  __syncthreads();

  if (warp_idx == 0) {
    // producer warp: one elected thread
    if (threadIdx.x == 0) {
      PipelineState smem_pipe_write{0, 1};  // make_producer_start_state: buffers start empty
      for (int k = 0; k < k_tiles; ++k) {
        barrier_wait(&empty_barrier[smem_pipe_write.index], smem_pipe_write.phase);   // producer_acquire
        arrive_and_expect_tx(&full_barrier[smem_pipe_write.index], TileBytes);
        bulk_copy_g2s(A + (size_t)k * TileElems, &full_barrier[smem_pipe_write.index],
                      smem_a[smem_pipe_write.index], TileBytes);
        smem_pipe_write.advance();
      }
    }
  } else {
    // consumer warps 1..4
    int ct = threadIdx.x - 32;
    float acc = 0.f;
    PipelineState smem_pipe_read;
    for (int k = 0; k < k_tiles; ++k) {
      barrier_wait(&full_barrier[smem_pipe_read.index], smem_pipe_read.phase);      // consumer_wait
      for (int j = ct; j < TileElems; j += NumConsumers)
        acc += smem_a[smem_pipe_read.index][j];
      barrier_arrive(&empty_barrier[smem_pipe_read.index]);                          // consumer_release
      smem_pipe_read.index = (smem_pipe_read.index + 1) % Stages;  // corpus-bug
    }
    out[blockIdx.x * NumConsumers + ct] = acc;
  }
}
