// corpus-source: NVIDIA/cutlass@7107b05535f8977f5ecb9d01ee203205b1fd9bc4:include/cutlass/gemm/kernel/sm90_gemm_tma_warpspecialized_cooperative.hpp [operator(): persistent work-tile loops, mainloop_pipe_producer_state / mainloop_pipe_consumer_state .advance(work_k_tile_count)], include/cutlass/pipeline/sm90_pipeline.hpp [PipelineState::operator++/advance, make_producer_start_state, PipelineTmaAsync], include/cutlass/gemm/collective/sm90_mma_tma_gmma_ss_warpspecialized.hpp [load, mma]
// corpus-form: adapted (CuTe/TMA-descriptor/WGMMA code replaced by 1D bulk copies of pre-packed tiles and an FMA loop; PersistentTileSchedulerSm90 reduced to a static blockIdx.x + i*gridDim.x walk; epilogue is a plain global store)
// syncproof-args: --block 384 --grid 1:132 --param num_tiles=0:100000 --param k_tiles=0:4096
// corpus-expect: correct
// Persistent cooperative GEMM: the producer thread and the 256 consumer threads walk the same output tiles.
// load() and mma() take the pipeline state by value, and after each tile both roles advance their state by
// work_k_tile_count (PipelineState::advance flips the phase for every wrap), so stage index and parity stay in
// step across tiles even when k_tiles is not a multiple of the 4 stages.
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

// ---- PipelineState from include/cutlass/pipeline/sm90_pipeline.hpp
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
  __device__ PipelineState& advance(uint32_t num_iterations) {
    // Number of iterations cross over the stage boundary => flipped phase
    if ((num_iterations < Stages) && (index_ + num_iterations) >= Stages) {
      phase_ ^= 1;
    }
    // How many times number of iterations cross over the stage boundary and
    // end up on a odd number => flipped phase
    if ((num_iterations >= Stages) && (((index_ + num_iterations) / Stages) % 2) == 1) {
      phase_ ^= 1;
    }
    index_ = (index_ + num_iterations) % Stages;
    count_ += num_iterations;
    return *this;
  }
};

constexpr int kStages = 4;
constexpr int BLK_M = 64, BLK_N = 64, BLK_K = 16;
constexpr int NumThreadsPerWarpGroup = 128;
constexpr int NumMmaThreads = 256;
constexpr uint32_t kBytesA = BLK_M * BLK_K * sizeof(float);
constexpr uint32_t kBytesB = BLK_K * BLK_N * sizeof(float);
constexpr uint32_t TmaTransactionBytes = kBytesA + kBytesB;
using MainloopPipelineState = PipelineState<kStages>;

struct SharedStorage {
  alignas(128) float smem_A[kStages][BLK_M * BLK_K];
  alignas(128) float smem_B[kStages][BLK_K * BLK_N];
  alignas(8) uint64_t full_barrier_[kStages];
  alignas(8) uint64_t empty_barrier_[kStages];
};

// CollectiveMainloop::load (producer perspective), one elected thread
__device__ void load(SharedStorage& ss, MainloopPipelineState smem_pipe_write, const float* gA, const float* gB, int k_tile_count) {
  for (int k_tile = 0; k_tile_count > 0; --k_tile_count, ++k_tile) {
    barrier_wait(&ss.empty_barrier_[smem_pipe_write.index()], smem_pipe_write.phase());  // producer_acquire
    barrier_arrive_and_expect_tx(&ss.full_barrier_[smem_pipe_write.index()], TmaTransactionBytes);
    uint64_t* tma_barrier = &ss.full_barrier_[smem_pipe_write.index()];
    int write_stage = smem_pipe_write.index();
    bulk_copy_g2s(gA + size_t(k_tile) * (BLK_M * BLK_K), tma_barrier, ss.smem_A[write_stage], kBytesA);
    bulk_copy_g2s(gB + size_t(k_tile) * (BLK_K * BLK_N), tma_barrier, ss.smem_B[write_stage], kBytesB);
    ++smem_pipe_write;
  }
}

// CollectiveMainloop::mma (consumer perspective)
__device__ void mma(SharedStorage& ss, MainloopPipelineState smem_pipe_read, float (&accum)[16], int k_tile_count, int mma_thread_idx) {
  const int row = mma_thread_idx / 4, col0 = (mma_thread_idx % 4) * 16;
  for (; k_tile_count > 0; --k_tile_count) {
    barrier_wait(&ss.full_barrier_[smem_pipe_read.index()], smem_pipe_read.phase());  // consumer_wait
    int read_stage = smem_pipe_read.index();
    for (int k = 0; k < BLK_K; ++k) {
      float a = ss.smem_A[read_stage][row * BLK_K + k];
      for (int j = 0; j < 16; ++j) accum[j] += a * ss.smem_B[read_stage][k * BLK_N + col0 + j];
    }
    barrier_arrive(&ss.empty_barrier_[read_stage]);  // consumer_release
    ++smem_pipe_read;
  }
}

// A_packed: [num_tiles][k_tiles][BLK_M*BLK_K], B_packed: [k_tiles][BLK_K*BLK_N], C: [num_tiles][BLK_M*BLK_N]
__global__ void __launch_bounds__(384, 1)
gemm_tma_warpspecialized_cooperative_persistent(const float* __restrict__ A_packed, const float* __restrict__ B_packed,
                                                float* __restrict__ C, int num_tiles, int k_tiles) {
  __shared__ SharedStorage shared_storage;
  int thread_idx = int(threadIdx.x);
  int warp_idx = __shfl_sync(0xffffffff, thread_idx / 32, 0);
  int warp_group_idx = __shfl_sync(0xffffffff, thread_idx / NumThreadsPerWarpGroup, 0);
  int lane_predicate = (thread_idx % 32) == 0;

  if (warp_idx == 0 && lane_predicate) {
    for (int i = 0; i < kStages; ++i) {
      barrier_init(&shared_storage.full_barrier_[i], 1);
      barrier_init(&shared_storage.empty_barrier_[i], NumMmaThreads);
    }
  }
  fence_barrier_init();
  __syncthreads();

  MainloopPipelineState mainloop_pipe_consumer_state;
  MainloopPipelineState mainloop_pipe_producer_state(0, 1, 0);  // make_producer_start_state

  if (warp_group_idx == 0) {
    if (warp_idx == 0 && lane_predicate) {
      for (int tile = blockIdx.x; tile < num_tiles; tile += gridDim.x) {
        int work_k_tile_count = k_tiles;
        load(shared_storage, mainloop_pipe_producer_state,
             A_packed + size_t(tile) * size_t(k_tiles) * (BLK_M * BLK_K), B_packed, work_k_tile_count);
        // Update starting pipeline state for the next tile
        mainloop_pipe_producer_state.advance(work_k_tile_count);
      }
    }
  } else {
    int mma_thread_idx = thread_idx - NumThreadsPerWarpGroup;
    for (int tile = blockIdx.x; tile < num_tiles; tile += gridDim.x) {
      int work_k_tile_count = k_tiles;
      float accum[16];
      for (int j = 0; j < 16; ++j) accum[j] = 0.f;
      mma(shared_storage, mainloop_pipe_consumer_state, accum, work_k_tile_count, mma_thread_idx);
      // Update starting mainloop pipeline state for the next tile
      mainloop_pipe_consumer_state.advance(work_k_tile_count);

      float* gC = C + size_t(tile) * (BLK_M * BLK_N);
      for (int j = 0; j < 16; ++j) gC[(mma_thread_idx / 4) * BLK_N + (mma_thread_idx % 4) * 16 + j] = accum[j];
    }
  }
}
