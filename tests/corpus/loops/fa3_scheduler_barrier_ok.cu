// corpus-source: Dao-AILab/flash-attention@0251105a2fb19d2957484b7f023cd8c115286ced:hopper/mainloop_fwd_sm90_tma_gmma_ws.hpp [warp_scheduler_barrier_sync, warp_scheduler_barrier_arrive, mma_init, mma fwd_step], hopper/named_barrier.hpp [FwdNamedBarriers::WarpSchedulerWG1..3]
// corpus-form: adapted (UseSchedulerBarrier path with NumMmaWarpGroups = 3 kept; WGMMA/softmax replaced by FMA loops over K read from global, producer warpgroup's TMA loads removed, so warpgroup 0 exits)
// syncproof-args: --block 512 --grid 1:1024 --param seqlen_k=0:1000000
// corpus-expect: correct
// Three MMA warpgroups take turns issuing their per-n_block GEMM: warpgroup w bar.syncs on its own
// WarpScheduler barrier (2*128 threads: itself + the arriving predecessor) and, after issuing, bar.arrives on
// the next warpgroup's barrier (1 -> 2 -> 3 -> 1). mma_init gives warpgroup 1 the first signal. (The final
// arrive of warpgroup 3 on warpgroup 1's barrier stays pending at exit, as in FA3.)

#include <cstdint>
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

enum class FwdNamedBarriers { WarpSchedulerWG1 = 1, WarpSchedulerWG2 = 2, WarpSchedulerWG3 = 3 };

constexpr int kBlockN = 64;
constexpr int NumMmaWarpGroups = 3;
constexpr uint32_t NumMmaThreads = NumMmaWarpGroups * NumThreadsPerWarpGroup;

__device__ __forceinline__ int canonical_warp_group_idx_nosync() { return int(threadIdx.x) / int(NumThreadsPerWarpGroup); }

__device__ __forceinline__ void warp_scheduler_barrier_sync() {
  NamedBarrier::sync(2 * NumThreadsPerWarpGroup,
                     static_cast<uint32_t>(FwdNamedBarriers::WarpSchedulerWG1) - 1 + canonical_warp_group_idx_nosync() /*id*/);
}

__device__ __forceinline__ void warp_scheduler_barrier_arrive() {
  static_assert(NumMmaWarpGroups == 2 || NumMmaWarpGroups == 3);
  int const cur_WG = canonical_warp_group_idx_nosync() - 1;
  int const next_WG = NumMmaWarpGroups == 2 ? 1 - cur_WG : (cur_WG < NumMmaWarpGroups - 1 ? cur_WG + 1 : 0);
  NamedBarrier::arrive(2 * NumThreadsPerWarpGroup, static_cast<uint32_t>(FwdNamedBarriers::WarpSchedulerWG1) + next_WG /*id*/);
}

__device__ __forceinline__ void mma_init() {
  int warp_group_idx = canonical_warp_group_idx_nosync();
  // WG1 needs the very first signal to start
  if (warp_group_idx == 1) {
    NamedBarrier::arrive(2 * NumThreadsPerWarpGroup, static_cast<uint32_t>(FwdNamedBarriers::WarpSchedulerWG1) /*id*/);
  }
}

// q: [grid][NumMmaThreads], K: [n_blocks][kBlockN], O: [grid][NumMmaThreads]
__global__ void __launch_bounds__(512, 1)
flash_fwd_scheduler_barrier(const float* __restrict__ q, const float* __restrict__ K, float* __restrict__ O, int seqlen_k) {
  const int warp_group_idx = __shfl_sync(0xffffffff, canonical_warp_group_idx_nosync(), 0);
  if (warp_group_idx == 0) { return; }  // producer warpgroup (its loads are not modelled here)

  const int thread_idx = int(threadIdx.x) - int(NumThreadsPerWarpGroup);
  const int n_block_max = (seqlen_k + kBlockN - 1) / kBlockN;
  const float q_row = q[size_t(blockIdx.x) * NumMmaThreads + thread_idx];
  float row_max = -INFINITY, row_sum = 0.f;

  mma_init();
  for (int n_block = n_block_max - 1; n_block >= 0; --n_block) {
    warp_scheduler_barrier_sync();
    float s[kBlockN];
    for (int j = 0; j < kBlockN; ++j) s[j] = q_row * K[size_t(n_block) * kBlockN + j];  // "gemm0"
    warp_scheduler_barrier_arrive();
    for (int j = 0; j < kBlockN; ++j) {  // softmax overlaps with the other warpgroups' gemm
      float m = fmaxf(row_max, s[j]);
      row_sum = row_sum * __expf(row_max - m) + __expf(s[j] - m);
      row_max = m;
    }
  }
  O[size_t(blockIdx.x) * NumMmaThreads + thread_idx] = row_sum;
}
