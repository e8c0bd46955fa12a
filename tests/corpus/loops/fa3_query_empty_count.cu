// corpus-source: Dao-AILab/flash-attention@0251105a2fb19d2957484b7f023cd8c115286ced:hopper/mainloop_fwd_sm90_tma_gmma_ws.hpp [load: QueryEmpty sync + barrier_Q, mma_init, mma: QueryEmpty arrive], hopper/flash_fwd_kernel_sm90.h [producer/consumer persistent loops], hopper/named_barrier.hpp [FwdNamedBarriers]
// corpus-form: adapted (CuTe/TMA-descriptor/WGMMA code replaced by a 1D bulk copy of the Q tile and FMA loops reading K from global; K/V pipelines, softmax and epilogue removed; static persistent scheduler)
// syncproof-args: --block 384 --grid 1:132 --param num_tiles=0:100000 --param seqlen_k=0:1000000
// corpus-expect: buggy barrier-mismatch
// Same loop as fa3_query_empty_ok.cu, but the producer's QueryEmpty bar.sync counts the whole producer
// warpgroup (NumMmaThreads + 128 = 384) although warps 1-3 of that warpgroup have returned and the consumers
// bar.arrive with 288. Only 256 + 32 threads ever arrive, so under the producer's count the barrier never
// completes: the producer hangs in its first iteration and the consumers hang in barrier_Q.wait (num_tiles > blockIdx.x).
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

// ---- cutlass::arch::NamedBarrier (include/cutlass/arch/barrier.h): user ids start after the 8 reserved ones
constexpr uint32_t ReservedNamedBarrierCount = 8;  // ReservedNamedBarriers::FirstUserBarrier
constexpr uint32_t NumThreadsPerWarp = 32;
constexpr uint32_t NumThreadsPerWarpGroup = 128;
struct NamedBarrier {
  static __device__ __forceinline__ void sync(uint32_t num_threads, uint32_t barrier_id) {
    barrier_id += ReservedNamedBarrierCount;
    asm volatile("bar.sync %0, %1;" : : "r"(barrier_id), "r"(num_threads) : "memory");
  }
  static __device__ __forceinline__ void arrive(uint32_t num_threads, uint32_t barrier_id) {
    barrier_id += ReservedNamedBarrierCount;
    asm volatile("bar.arrive %0, %1;" : : "r"(barrier_id), "r"(num_threads) : "memory");
  }
};

enum class FwdNamedBarriers { QueryEmpty = 0 };

constexpr int kBlockM = 128, kBlockN = 16, kHeadDim = 16;
constexpr uint32_t NumMmaThreads = 256;
constexpr uint32_t NumProducerThreads = NumThreadsPerWarp;  // SingleProducerWarp (Use_TMA_Q, TMA KV)
constexpr uint32_t TmaTransactionBytesQ = kBlockM * kHeadDim * sizeof(float);

// Q_packed: [num_tiles][kBlockM*kHeadDim], K_packed: [n_blocks][kBlockN*kHeadDim], O: [num_tiles][NumMmaThreads]
__global__ void __launch_bounds__(384, 1)
flash_fwd_persistent(const float* __restrict__ Q_packed, const float* __restrict__ K_packed, float* __restrict__ O,
                     int num_tiles, int seqlen_k) {
  __shared__ alignas(128) float smem_q[kBlockM * kHeadDim];
  __shared__ alignas(8) uint64_t barrier_Q;

  const int warp_group_idx = __shfl_sync(0xffffffff, int(threadIdx.x) / 128, 0);
  const int n_block_max = (seqlen_k + kBlockN - 1) / kBlockN;

  if (threadIdx.x == 0) {
    barrier_init(&barrier_Q, 1);
  }
  fence_barrier_init();
  __syncthreads();

  if (warp_group_idx == 0) {  // Producer
    int warp_idx_in_warpgroup = __shfl_sync(0xffffffff, (int(threadIdx.x) / 32) % 4, 0);
    if (warp_idx_in_warpgroup != 0) { return; }
    int work_idx = 0;
    for (int tile_idx = blockIdx.x; tile_idx < num_tiles; tile_idx += gridDim.x) {
      // Wait for the MMA warpgroups to signal that smem_q is ready
      NamedBarrier::sync(NumMmaThreads + NumThreadsPerWarpGroup, static_cast<uint32_t>(FwdNamedBarriers::QueryEmpty));  // corpus-bug
      if (threadIdx.x % 32 == 0) {  // elect_one_sync
        barrier_arrive_and_expect_tx(&barrier_Q, TmaTransactionBytesQ);
        bulk_copy_g2s(Q_packed + size_t(tile_idx) * (kBlockM * kHeadDim), &barrier_Q, smem_q, TmaTransactionBytesQ);
      }
      ++work_idx;
    }
  } else {  // Consumer
    const int thread_idx = int(threadIdx.x) - 128;
    const int row = thread_idx / 2, half = thread_idx % 2;
    // mma_init: tell producers that smem_q is ready
    NamedBarrier::arrive(NumMmaThreads + NumProducerThreads, static_cast<uint32_t>(FwdNamedBarriers::QueryEmpty));

    int work_idx = 0;
    for (int tile_idx = blockIdx.x; tile_idx < num_tiles; tile_idx += gridDim.x) {
      barrier_wait(&barrier_Q, work_idx % 2);
      float acc = 0.f;
      for (int n_block = n_block_max - 1; n_block >= 0; --n_block) {
        const float* k = K_packed + size_t(n_block) * (kBlockN * kHeadDim);
        for (int j = 0; j < kBlockN; ++j) {
          float s = 0.f;
          for (int d = 0; d < kHeadDim / 2; ++d)
            s += smem_q[row * kHeadDim + half * (kHeadDim / 2) + d] * k[j * kHeadDim + half * (kHeadDim / 2) + d];
          acc += s;
        }
      }
      // Tell producers that smem_q is ready
      NamedBarrier::arrive(NumMmaThreads + NumProducerThreads, static_cast<uint32_t>(FwdNamedBarriers::QueryEmpty));
      O[size_t(tile_idx) * NumMmaThreads + thread_idx] = acc;
      ++work_idx;
    }
  }
}
