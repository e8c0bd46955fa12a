// corpus-source: Dao-AILab/flash-attention@0251105a2fb19d2957484b7f023cd8c115286ced:hopper/mainloop_fwd_sm90_tma_gmma_ws.hpp [mma_init (PEmpty arrive), mma: write_P_to_smem / arrive_on_P_write_barrier, mma_pv: PFull sync / PEmpty arrive], hopper/named_barrier.hpp [FwdNamedBarriers::PFull/PEmpty]
// corpus-form: adapted (LargeHeadDimV path reduced to its P hand-off: WGMMA/softmax replaced by FMA code reading Q/K/V from global, producer warpgroup and V pipeline removed, so the block is the two MMA warpgroups)
// syncproof-args: --block 256 --grid 1:1024 --param seqlen_k=0:1000000
// corpus-expect: buggy race
// Same P hand-off as fa3_p_handoff_ok.cu, but the PV warpgroup signals PEmpty right after its PFull sync,
// before reading smem_p. With two or more n_blocks the QK warpgroup's next bar.sync(PEmpty) completes and it
// overwrites smem_p[t][*] with the next block's P while the PV threads are still reading the current one.
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

__device__ __forceinline__ void fence_view_async_shared() {  // cutlass::arch::fence_view_async_shared
  asm volatile("{\n\t" "fence.proxy.async.shared::cta; \n" "}" ::: "memory");
}

enum class FwdNamedBarriers { PFull = 6, PEmpty = 7 };

constexpr int kBlockM = 128, kBlockN = 32;
constexpr uint32_t NumMmaThreads = 256;

// q: [grid][kBlockM], K: [n_blocks][kBlockN], V: [n_blocks][kBlockN], O: [grid][kBlockM]
__global__ void __launch_bounds__(256, 1)
flash_fwd_p_handoff(const float* __restrict__ q, const float* __restrict__ K, const float* __restrict__ V,
                    float* __restrict__ O, int seqlen_k) {
  __shared__ float smem_p[kBlockM][kBlockN + 1];

  const int warp_group_idx = __shfl_sync(0xffffffff, int(threadIdx.x) / 128, 0);
  const int t = int(threadIdx.x) % 128;
  const int n_block_max = (seqlen_k + kBlockN - 1) / kBlockN;

  if (warp_group_idx == 1) {
    // mma_init: the PV warpgroup lets the first P write start
    NamedBarrier::arrive(NumMmaThreads, static_cast<uint32_t>(FwdNamedBarriers::PEmpty));
  }

  if (warp_group_idx == 0) {
    // QK warpgroup: S = Q K^T, P = exp(S) written to smem for the PV warpgroup
    const float q_row = q[size_t(blockIdx.x) * kBlockM + t];
    for (int n_block = n_block_max - 1; n_block >= 0; --n_block) {
      float p[kBlockN];
      for (int j = 0; j < kBlockN; ++j) p[j] = __expf(q_row * K[size_t(n_block) * kBlockN + j]);
      // write_P_to_smem
      NamedBarrier::sync(NumMmaThreads, static_cast<uint32_t>(FwdNamedBarriers::PEmpty));
      for (int j = 0; j < kBlockN; ++j) smem_p[t][j] = p[j];
      // arrive_on_P_write_barrier
      fence_view_async_shared();
      __syncwarp();
      NamedBarrier::arrive(NumMmaThreads, static_cast<uint32_t>(FwdNamedBarriers::PFull));
    }
  } else {
    // PV warpgroup: O += P V
    float o = 0.f;
    for (int n_block = n_block_max - 1; n_block >= 0; --n_block) {
      NamedBarrier::sync(NumMmaThreads, static_cast<uint32_t>(FwdNamedBarriers::PFull));
      NamedBarrier::arrive(NumMmaThreads, static_cast<uint32_t>(FwdNamedBarriers::PEmpty));
      for (int j = 0; j < kBlockN; ++j) o += smem_p[t][j] * V[size_t(n_block) * kBlockN + j];  // corpus-bug
    }
    O[size_t(blockIdx.x) * kBlockM + t] = o;
  }
}
