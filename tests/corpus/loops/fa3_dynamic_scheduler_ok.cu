// corpus-source: Dao-AILab/flash-attention@0251105a2fb19d2957484b7f023cd8c115286ced:hopper/tile_scheduler.hpp [DynamicPersistentTileScheduler::get_initial_work, init_consumer, prefetch_next_work, get_next_work, WorkTileInfo::is_valid], hopper/flash_fwd_kernel_sm90.h [producer/consumer tile loops], hopper/named_barrier.hpp [named_barrier_sync/arrive]
// corpus-form: adapted (L2-swizzle coordinate math, mainloop and epilogue replaced by a per-tile FMA loop over global memory; SingleProducerWarp configuration; FastDivmod and CuTe removed; "memory" clobbers added to the bar.sync/bar.arrive asm)
// syncproof-args: --block 384 --grid 1:132 --param total_blocks=0:1000000 --param seqlen_k=0:100000
// corpus-expect: correct
// Producer warp's thread 0 claims the next tile with atomicAdd(tile_count_semaphore, 1) + gridDim.x, then
// bar.syncs TileCountSmemEmpty (288 threads), stores it to tile_count_smem and bar.arrives TileCountSmemFull;
// consumers bar.sync Full, read tile_count_smem, then bar.arrive Empty (their init_consumer pre-arrival stays
// pending at exit, as in FA3). The host zeroes *tile_count_semaphore before the launch.
#include <cstdint>

// ---- hopper/named_barrier.hpp (reserved-barrier overloads), cutlass::arch::ReservedNamedBarriers
enum class ReservedNamedBarriers { StreamkBarrier0 = 4, StreamkBarrier1 = 5 };
__device__ __forceinline__ static void named_barrier_sync(uint32_t num_threads, ReservedNamedBarriers reserved_named_barriers) {
  uint32_t barrier_id = static_cast<uint32_t>(reserved_named_barriers);
  asm volatile("bar.sync %0, %1;" : : "r"(barrier_id), "r"(num_threads) : "memory");
}
__device__ __forceinline__ static void named_barrier_arrive(uint32_t num_threads, ReservedNamedBarriers reserved_named_barriers) {
  uint32_t barrier_id = static_cast<uint32_t>(reserved_named_barriers);
  asm volatile("bar.arrive %0, %1;" : : "r"(barrier_id), "r"(num_threads) : "memory");
}

constexpr int NumMmaThreads = 256;
constexpr int NumProducerThreads = 32;  // SingleProducerWarp
constexpr bool WarpSpecialized = true;

class DynamicPersistentTileScheduler {
  static constexpr int NumThreads = WarpSpecialized ? NumMmaThreads + NumProducerThreads : NumMmaThreads;

 public:
  using SharedStorage = int;

 protected:
  SharedStorage* const tile_count_smem;

 public:
  struct Params {
    int const total_blocks;
    int* const tile_count_semaphore;
  };

  struct WorkTileInfo {
    int tile_idx;
    __device__ bool is_valid(Params const& params) const { return tile_idx < params.total_blocks; }
  };

  __device__ DynamicPersistentTileScheduler(SharedStorage* const smem_scheduler) : tile_count_smem(smem_scheduler) {}

  template <bool IsProducerWarp = false>
  __device__ WorkTileInfo get_initial_work(Params const& params) const { return {int(blockIdx.x)}; }

  __device__ void init_consumer() const {
    named_barrier_arrive(NumThreads, ReservedNamedBarriers::StreamkBarrier0 /*id*/);  // TileCountSmemEmpty
  }

  __device__ void prefetch_next_work(Params const& params, WorkTileInfo& current_work) const {
    if (threadIdx.x % NumProducerThreads == 0) {
      current_work.tile_idx = atomicAdd(params.tile_count_semaphore, 1) + int(gridDim.x);
    }
  }

  template <bool IsProducerWarp = false>
  __device__ WorkTileInfo get_next_work(Params const& params, WorkTileInfo const& current_work) const {
    if constexpr (IsProducerWarp) {
      // thread 0 already has the right tile_idx, just need to broadcast to the rest of warp 0
      int new_tile_idx = __shfl_sync(0xffffffff, current_work.tile_idx, 0 /*lane*/);
      named_barrier_sync(NumThreads, ReservedNamedBarriers::StreamkBarrier0 /*id*/);  // TileCountSmemEmpty
      if (threadIdx.x % NumProducerThreads == 0) {
        *tile_count_smem = current_work.tile_idx;
      }
      named_barrier_arrive(NumThreads, ReservedNamedBarriers::StreamkBarrier1 /*id*/);  // TileCountSmemFull
      return {new_tile_idx};
    } else {
      named_barrier_sync(NumThreads, ReservedNamedBarriers::StreamkBarrier1 /*id*/);  // TileCountSmemFull
      int tile_idx = *tile_count_smem;
      named_barrier_arrive(NumThreads, ReservedNamedBarriers::StreamkBarrier0 /*id*/);  // TileCountSmemEmpty
      return {tile_idx};
    }
  }
};

// K: [seqlen_k], q: [total_blocks][NumMmaThreads], O: [total_blocks][NumMmaThreads]
__global__ void __launch_bounds__(384, 1)
flash_fwd_dynamic_persistent(const float* __restrict__ q, const float* __restrict__ K, float* __restrict__ O,
                             int* tile_count_semaphore, int total_blocks, int seqlen_k) {
  __shared__ int smem_scheduler;
  DynamicPersistentTileScheduler::Params params{total_blocks, tile_count_semaphore};
  DynamicPersistentTileScheduler scheduler(&smem_scheduler);
  const int warp_group_idx = __shfl_sync(0xffffffff, int(threadIdx.x) / 128, 0);

  if (warp_group_idx == 0) {  // Producer
    int warp_idx_in_warpgroup = __shfl_sync(0xffffffff, (int(threadIdx.x) / 32) % 4, 0);
    if (warp_idx_in_warpgroup != 0) { return; }
    for (auto work_tile_info = scheduler.get_initial_work<true>(params); work_tile_info.is_valid(params);
         work_tile_info = scheduler.get_next_work<true>(params, work_tile_info)) {
      // mainloop.load(...) calls scheduler_prefetch() once its first loads are issued
      scheduler.prefetch_next_work(params, work_tile_info);
    }
  } else {  // Consumer
    const int thread_idx = int(threadIdx.x) - 128;
    scheduler.init_consumer();
    for (auto work_tile_info = scheduler.get_initial_work<false>(params); work_tile_info.is_valid(params);) {
      const int tile = work_tile_info.tile_idx;
      const float qv = q[size_t(tile) * NumMmaThreads + thread_idx];
      float acc = 0.f;
      for (int n = 0; n < seqlen_k; ++n) acc += qv * K[n];  // mainloop.mma
      // Do this here before the epilogue so that the next tile is ready to go.
      work_tile_info = scheduler.get_next_work<false>(params, work_tile_info);
      O[size_t(tile) * NumMmaThreads + thread_idx] = acc;  // epilogue.store
    }
  }
}
