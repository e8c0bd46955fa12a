// corpus-source: NVIDIA/cutlass@7107b05535f8977f5ecb9d01ee203205b1fd9bc4:include/cutlass/pipeline/sm90_pipeline.hpp [PipelineState::operator++, make_producer_start_state, PipelineTmaAsync::producer_try_acquire, producer_acquire(stage, phase, token), consumer_try_wait, consumer_wait(stage, phase, token), consumer_release], include/cutlass/arch/barrier.h [ClusterBarrier::init, wait, try_wait, arrive, ClusterTransactionBarrier::arrive_and_expect_tx, fence_barrier_init]
// corpus-form: adapted (one CTA, no cluster; two 1-D cp.async.bulk copies (A and B tile, 4 KiB each) per stage completing on one full barrier, transaction_bytes = both tiles, as in the GEMM mainloop; consumers read the stages with ld.shared instead of WGMMA; pipeline class flattened into helpers)
// syncproof-args: --block 160 --grid 1:132 --param k_tiles=0:100000
// corpus-expect: correct
// host launch: cutlass_two_operand<<<grid, 160>>>(A, B, D, k_tiles);  A, B: k_tiles*1024 floats each, D: grid*128 floats (cudaMalloc'd, distinct, 16-byte aligned)
//
// Warp 0 lane 0 is the producer, warps 1..4 (128 threads) consume.
// full[s]: count 1 + (A tile + B tile) = 8192 tx bytes per phase, expected by
// arrive.expect_tx BEFORE the two copies are issued (producer_acquire order).
// empty[s]: count 128, every consumer thread arrives.
#include <cstdint>

constexpr int Stages = 2;
constexpr int TileElems = 1024;
constexpr uint32_t TileBytes = TileElems * sizeof(float);  // 4096 per operand
constexpr uint32_t TransactionBytes = 2 * TileBytes;         // A + B
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
__device__ __forceinline__ bool barrier_try_wait(uint64_t* bar, uint32_t phase) {
  uint32_t waitComplete;
  asm volatile(
      "{\n\t"
      ".reg .pred P1; \n\t"
      "mbarrier.try_wait.parity.shared::cta.b64 P1, [%1], %2; \n\t"
      "selp.b32 %0, 1, 0, P1; \n\t"
      "}"
      : "=r"(waitComplete) : "r"(cast_smem_ptr_to_uint(bar)), "r"(phase) : "memory");
  return static_cast<bool>(waitComplete);
}
__device__ __forceinline__ void barrier_wait(uint64_t* bar, uint32_t phase) {
  asm volatile(
      "{\n\t"
      ".reg .pred P1; \n\t"
      "LAB_WAIT: \n\t"
      "mbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1; \n\t"
      "@P1 bra DONE; \n\t"
      "bra LAB_WAIT; \n\t"
      "DONE: \n\t"
      "}"
      :: "r"(cast_smem_ptr_to_uint(bar)), "r"(phase) : "memory");
}
__device__ __forceinline__ void barrier_arrive(uint64_t* bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" :: "r"(cast_smem_ptr_to_uint(bar)) : "memory");
}
__device__ __forceinline__ void arrive_and_expect_tx(uint64_t* bar, uint32_t transaction_bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%1], %0; \n\t" :: "r"(transaction_bytes), "r"(cast_smem_ptr_to_uint(bar)) : "memory");
}
__device__ __forceinline__ void bulk_copy_g2s(const void* gmem_ptr, uint64_t* mbar_ptr, void* smem_ptr, uint32_t load_bytes) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];\n"
               :: "r"(cast_smem_ptr_to_uint(smem_ptr)), "l"(gmem_ptr), "r"(load_bytes), "r"(cast_smem_ptr_to_uint(mbar_ptr))
               : "memory");
}

__global__ void cutlass_two_operand(const float* __restrict__ A, const float* __restrict__ B,
                                    float* __restrict__ D, int k_tiles) {
  __shared__ __align__(128) float smem_a[Stages][TileElems];
  __shared__ __align__(128) float smem_b[Stages][TileElems];
  __shared__ __align__(8) uint64_t full_barrier[Stages];
  __shared__ __align__(8) uint64_t empty_barrier[Stages];

  int warp_idx = threadIdx.x / 32;
  if (warp_idx == 0 && threadIdx.x == 0) {
    for (int i = 0; i < Stages; ++i) {
      barrier_init(&full_barrier[i], 1);
      barrier_init(&empty_barrier[i], NumConsumers);
    }
  }
  fence_barrier_init();
  __syncthreads();

  if (warp_idx == 0) {
    if (threadIdx.x == 0) {
      PipelineState smem_pipe_write{0, 1};  // make_producer_start_state
      for (int k = 0; k < k_tiles; ++k) {
        // producer_try_acquire + producer_acquire
        bool empty_done = barrier_try_wait(&empty_barrier[smem_pipe_write.index], smem_pipe_write.phase);
        if (!empty_done) barrier_wait(&empty_barrier[smem_pipe_write.index], smem_pipe_write.phase);
        arrive_and_expect_tx(&full_barrier[smem_pipe_write.index], TransactionBytes);
        uint64_t* tma_barrier = &full_barrier[smem_pipe_write.index];   // producer_get_barrier
        bulk_copy_g2s(A + (size_t)k * TileElems, tma_barrier, smem_a[smem_pipe_write.index], TileBytes);
        bulk_copy_g2s(B + (size_t)k * TileElems, tma_barrier, smem_b[smem_pipe_write.index], TileBytes);
        smem_pipe_write.advance();
      }
    }
  } else {
    int ct = threadIdx.x - 32;
    float acc = 0.f;
    PipelineState smem_pipe_read;
    for (int k = 0; k < k_tiles; ++k) {
      // consumer_try_wait + consumer_wait
      bool full_done = barrier_try_wait(&full_barrier[smem_pipe_read.index], smem_pipe_read.phase);
      if (!full_done) barrier_wait(&full_barrier[smem_pipe_read.index], smem_pipe_read.phase);
      for (int j = ct; j < TileElems; j += NumConsumers)
        acc += smem_a[smem_pipe_read.index][j] * smem_b[smem_pipe_read.index][j];
      barrier_arrive(&empty_barrier[smem_pipe_read.index]);   // consumer_release
      smem_pipe_read.advance();
    }
    D[blockIdx.x * NumConsumers + ct] = acc;
  }
}
