// corpus-source: NVIDIA/cutlass@7107b05535f8977f5ecb9d01ee203205b1fd9bc4:include/cutlass/pipeline/sm90_pipeline.hpp [PipelineState::operator++, make_producer_start_state, PipelineTmaAsync::init_barriers/producer_acquire/consumer_wait/consumer_release], include/cutlass/gemm/collective/sm90_mma_tma_gmma_ss_warpspecialized.hpp [load, mma], include/cutlass/gemm/kernel/sm90_gemm_tma_warpspecialized_cooperative.hpp [operator()]
// corpus-form: adapted (CuTe tensors, TMA descriptors and WGMMA replaced by 1D SM90_BULK_COPY_G2S of pre-packed tiles and an FMA loop over shared memory, so it builds without CUTLASS)
// syncproof-args: --block 384 --grid 1:132 --param k_tiles=0:100000
// corpus-expect: correct
// Warp-specialized cooperative GEMM mainloop: warpgroup 0 is the producer (one elected thread waits the
// empty mbarrier of the stage, arrive.expect_tx on the full mbarrier, issues two bulk copies), warpgroups 1-2
// are consumers (wait full, read the stage, arrive on empty). S=4 stages, phase flips when the index wraps;
// the producer starts with phase 1 (buffers initially empty), as make_producer_start_state does.
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

// ---- PipelineState from include/cutlass/pipeline/sm90_pipeline.hpp (operator++ only)
template <uint32_t Stages_>
struct PipelineState {
  static constexpr uint32_t Stages = Stages_;
  int index_ = 0;
  uint32_t phase_ = 0;
  uint32_t count_ = 0;
  __device__ PipelineState() : index_{}, phase_{}, count_{} {}
  __device__ PipelineState(int index, uint32_t phase, uint32_t count) : index_(index), phase_(phase), count_(count) {}
  __device__ int index() const { return index_; }
  __device__ uint32_t phase() const { return phase_; }
  __device__ void operator++() {
    ++index_;
    ++count_;
    if (index_ == Stages) {
      index_ = 0;
      phase_ ^= 1;
    }
  }
};

constexpr int kStages = 4;
constexpr int BLK_M = 64, BLK_N = 64, BLK_K = 16;
constexpr int NumThreadsPerWarpGroup = 128;
constexpr int NumMmaThreads = 256;  // two consumer warpgroups
constexpr uint32_t kBytesA = BLK_M * BLK_K * sizeof(float);
constexpr uint32_t kBytesB = BLK_K * BLK_N * sizeof(float);
constexpr uint32_t TmaTransactionBytes = kBytesA + kBytesB;

struct SharedStorage {
  alignas(128) float smem_A[kStages][BLK_M * BLK_K];
  alignas(128) float smem_B[kStages][BLK_K * BLK_N];
  alignas(8) uint64_t full_barrier_[kStages];
  alignas(8) uint64_t empty_barrier_[kStages];
};

// A_packed: [gridDim.x][k_tiles][BLK_M*BLK_K], B_packed: [k_tiles][BLK_K*BLK_N], C: [gridDim.x][BLK_M*BLK_N]
__global__ void __launch_bounds__(384, 1)
gemm_tma_warpspecialized_cooperative(const float* __restrict__ A_packed, const float* __restrict__ B_packed,
                                     float* __restrict__ C, int k_tiles) {
  __shared__ SharedStorage shared_storage;

  int thread_idx = int(threadIdx.x);
  int warp_idx = __shfl_sync(0xffffffff, thread_idx / 32, 0);
  int warp_group_idx = __shfl_sync(0xffffffff, thread_idx / NumThreadsPerWarpGroup, 0);
  int warp_idx_in_warp_group = warp_idx % 4;
  int lane_predicate = (thread_idx % 32) == 0;

  // PipelineTmaAsync::init_barriers (initializing_warp = 0, cluster size 1)
  if (warp_idx == 0 && lane_predicate) {
    for (int i = 0; i < kStages; ++i) {
      barrier_init(&shared_storage.full_barrier_[i], 1);               // producer_arv_cnt
      barrier_init(&shared_storage.empty_barrier_[i], NumMmaThreads);  // num_consumers
    }
  }
  fence_barrier_init();
  __syncthreads();

  if (warp_group_idx == 0) {
    // Producer warpgroup: CollectiveMainloop::load
    if (warp_idx_in_warp_group == 0 && lane_predicate) {
      PipelineState<kStages> smem_pipe_write(0, 1, 0);  // make_producer_start_state
      const float* gA = A_packed + size_t(blockIdx.x) * size_t(k_tiles) * (BLK_M * BLK_K);
      for (int k_tile = 0; k_tile < k_tiles; ++k_tile) {
        // pipeline.producer_acquire(smem_pipe_write)
        barrier_wait(&shared_storage.empty_barrier_[smem_pipe_write.index()], smem_pipe_write.phase());
        barrier_arrive_and_expect_tx(&shared_storage.full_barrier_[smem_pipe_write.index()], TmaTransactionBytes);

        uint64_t* tma_barrier = &shared_storage.full_barrier_[smem_pipe_write.index()];
        int write_stage = smem_pipe_write.index();
        bulk_copy_g2s(gA + size_t(k_tile) * (BLK_M * BLK_K), tma_barrier, shared_storage.smem_A[write_stage], kBytesA);
        bulk_copy_g2s(B_packed + size_t(k_tile) * (BLK_K * BLK_N), tma_barrier, shared_storage.smem_B[write_stage], kBytesB);
        ++smem_pipe_write;
      }
    }
  } else {
    // Consumer warpgroups: CollectiveMainloop::mma
    int mma_thread_idx = thread_idx - NumThreadsPerWarpGroup;  // 0..255
    int row = mma_thread_idx / 4;
    int col0 = (mma_thread_idx % 4) * 16;
    float accum[16];
    for (int j = 0; j < 16; ++j) accum[j] = 0.f;

    PipelineState<kStages> smem_pipe_read;
    for (int k_tile_count = k_tiles; k_tile_count > 0; --k_tile_count) {
      // pipeline.consumer_wait(smem_pipe_read)
      barrier_wait(&shared_storage.full_barrier_[smem_pipe_read.index()], smem_pipe_read.phase());

      int read_stage = smem_pipe_read.index();
      const float* sA = shared_storage.smem_A[read_stage];
      const float* sB = shared_storage.smem_B[read_stage];
      for (int k = 0; k < BLK_K; ++k) {
        float a = sA[row * BLK_K + k];
        for (int j = 0; j < 16; ++j) accum[j] += a * sB[k * BLK_N + col0 + j];
      }

      // pipeline.consumer_release(smem_pipe_read): every consumer thread arrives (cluster size 1)
      barrier_arrive(&shared_storage.empty_barrier_[read_stage]);
      ++smem_pipe_read;
    }

    float* gC = C + size_t(blockIdx.x) * (BLK_M * BLK_N);
    for (int j = 0; j < 16; ++j) gC[row * BLK_N + col0 + j] = accum[j];
  }
}
