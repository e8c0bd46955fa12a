// corpus-source: NVIDIA/cutlass@7107b05535f8977f5ecb9d01ee203205b1fd9bc4:include/cutlass/barrier.h [GenericBarrier<SyncthreadsSync>::wait_eq, arrive_inc, ld_acquire, red_release]; include/cutlass/gemm/kernel/gemm_universal_streamk.h [GemmUniversalStreamk::share_accumulators]; include/cutlass/block_striped.h [BlockStripedReduce::store/reduce]
// corpus-form: adapted (barrier.h copied verbatim minus NamedBarrierSync (needs cutlass::arch); the kernel keeps share_accumulators' turnstile protocol line for line, but the GEMM mainloop is replaced by loading a per-thread accumulator fragment and BlockStripedReduceT::store/reduce are written out as the striped plain store / atomicAdd loops they expand to)
// syncproof-args: --grid 1:8,1:16 --block 128
// corpus-expect: correct
// Stream-K "turnstile" fixup: the gridDim.x peers of a tile (blockIdx.y) accumulate partial tiles in a global workspace in
// peer order. Peer 0 stores its fragment; peer k waits (thread 0 spins with ld.acquire.gpu, then __syncthreads) until the
// tile's flag equals k, then atomically adds; every peer signals with arrive_inc (__syncthreads, then thread 0 does
// fence.acq_rel.gpu + red.relaxed.gpu.add). Peers only wait on lower-indexed peers; stream-K sizes its grid to be co-resident.
// Host: GemmUniversalStreamk launches a persistent grid (<= SM count x occupancy) of kThreadCount = 128-thread CTAs; here one
//   small grid of (peers, tiles) 128-thread CTAs stands for it.
#include <cstdint>

#define CUTLASS_HOST_DEVICE __forceinline__ __device__ __host__
#define CUTLASS_DEVICE __forceinline__ __device__

// ---- include/cutlass/barrier.h (verbatim, lines 40-63 and 75-215; NamedBarrierSync dropped) ----
/////////////////////////////////////////////////////////////////////////////////////////////////

namespace cutlass {

namespace detail {

//
// Utilities for abstracting synchronization methods for barriers
//

struct SyncthreadsSync {
  CUTLASS_DEVICE
  static void sync() {
    __syncthreads();
  }
};

struct SyncwarpSync {
  CUTLASS_DEVICE
  static void sync() {
    __syncwarp();
  }
};

} // namepspace detail

/////////////////////////////////////////////////////////////////////////////////////////////////

/// Group or CTA-wide semaphore for inter-CTA synchronization.
template <class Sync>
struct GenericBarrier {

public:

  /// Flag type
  using T = int;

  /// Initial flag value
  static const T INIT = 0;


protected:

  /// Load flag, as a strong acquire operation (int specialization)
  CUTLASS_DEVICE
  static int ld_acquire(int *ptr)
  {
    int state = 0;

#if (__CUDA_ARCH__ >= 700)
    /// SM70 and newer use memory consistency qualifiers

    // Acquire pattern using acquire modifier
    asm volatile ("ld.global.acquire.gpu.b32 %0, [%1];\n" : "=r"(state) : "l"(ptr));

#else
    asm volatile ("ld.cg.global.b32 %0, [%1];\n" : "=r"(state) : "l"(ptr));
#endif // (__CUDA_ARCH__ >= 700)

    return state;
  }


  /// Reduce into flag, with release pattern (int specialization)
  CUTLASS_DEVICE
  static void red_release(int *ptr, int val)
  {
#if (__CUDA_ARCH__ >= 700)
    /// SM70 and newer use memory consistency qualifiers

    // Release pattern using acq_rel fence + relaxed modifier.  (The fence also releases data
    // that was weakly-written by other threads prior to the last syncthreads)
    asm volatile ("fence.acq_rel.gpu;\n");
    asm volatile ("red.relaxed.gpu.global.add.s32 [%0], %1;\n" : : "l"(ptr), "r"(val));

#else
    __threadfence();
    atomicAdd(ptr, val);
#endif // (__CUDA_ARCH__ >= 700)
  }


public:

  /// Uses thread[0] to wait for at least the specified count of signals on the given flag counter
  CUTLASS_DEVICE
  static void wait_lt(void *lock_ptr, int thread_idx, int flag_idx, int count)
  {
    T *flag_ptr = reinterpret_cast<T*>(lock_ptr) + flag_idx;

    if (thread_idx == 0)
    {
        // Spin-loop
        #pragma unroll 1
        while(ld_acquire(flag_ptr) < count) {}
    }

    Sync::sync();
  }

  /// Uses thread[0] to wait for at least the specified count of signals on the given flag counter
  CUTLASS_DEVICE
  static void wait_eq(void *lock_ptr, int thread_idx, int flag_idx, T val = 1)
  {
    T *flag_ptr = reinterpret_cast<T*>(lock_ptr) + flag_idx;

    if (thread_idx == 0)
    {
        // Spin-loop
        #pragma unroll 1
        while(ld_acquire(flag_ptr) != val) {}
    }
    Sync::sync();
  }

  /// Uses thread[0] to wait for the specified count of signals on the given flag counter
  CUTLASS_DEVICE
  static void wait_eq_reset(void *lock_ptr, int thread_idx, int flag_idx, T val = 1) {
    T *flag_ptr = reinterpret_cast<T*>(lock_ptr) + flag_idx;

    if (thread_idx == 0)
    {
        // Spin-loop
        #pragma unroll 1
        while(atomicCAS(flag_ptr, val, 0) != val) {}
    }

    Sync::sync();
  }

  /// Increment the arrival count for a flag
  CUTLASS_DEVICE
  static void arrive_inc(void *lock_ptr, int thread_idx, int flag_idx, int val = 1)
  {
    T* flag_ptr = reinterpret_cast<T*>(lock_ptr) + flag_idx;

    Sync::sync();

    if (thread_idx == 0)
    {
      red_release(flag_ptr, val);
    }
  }


  /// Increment the arrival counts for a range of flags
  CUTLASS_DEVICE
  static void arrive_range_inc(void *lock_ptr, int thread_idx, int first_flag_idx, int count = 1, int val = 1)
  {
    int flag_idx = first_flag_idx + thread_idx;
    T* flag_ptr = reinterpret_cast<T*>(lock_ptr) + flag_idx;

    // Barrier to make sure all other threads in group have written their data
    Sync::sync();

    // Select threads increment their flags
    if (thread_idx < count) {
      red_release(flag_ptr, val);
    }
  }
};

using Barrier = GenericBarrier<detail::SyncthreadsSync>;

/////////////////////////////////////////////////////////////////////////////////////////////////
} // namespace cutlass

// ---- adapted from include/cutlass/gemm/kernel/gemm_universal_streamk.h: share_accumulators (turnstile branch) ----
template <int kThreadCount, int kStripes>
__global__ void streamk_share_accumulators_kernel(const float* fragments, float* partials_workspace, int* barrier_workspace)
{
  using Barrier = cutlass::Barrier;
  int thread_idx = threadIdx.x;

  // Peers of one output tile are consecutive block indices (blockIdx.x); the tile's first peer owns the flag and workspace.
  int first_block_idx = blockIdx.y * gridDim.x;
  int block_idx = first_block_idx + blockIdx.x;

  // Stand-in for the mainloop: this thread's accumulator fragment.
  float accumulator_tile[kStripes];
  for (int i = 0; i < kStripes; ++i) {
    accumulator_tile[i] = fragments[(block_idx * kStripes + i) * kThreadCount + thread_idx];
  }

  float *accum_tile_workspace = partials_workspace;

  int accum_tile_offset = first_block_idx * kThreadCount * kStripes;

  if (block_idx == first_block_idx)
  {
    // First peer initializes the workspace partials
    // BlockStripedReduceT::store(accum_tile_workspace + accum_tile_offset, accumulator_tile, thread_idx);
    for (int i = 0; i < kStripes; ++i) {
      accum_tile_workspace[accum_tile_offset + (kThreadCount * i) + thread_idx] = accumulator_tile[i];
    }
  }
  else
  {
    // Turnstile reduction order: wait until the previous peer has written
    int wait_count = block_idx - first_block_idx;
    Barrier::wait_eq(barrier_workspace, thread_idx, first_block_idx, wait_count);

    // Perform reduction in workspace
    // BlockStripedReduceT::reduce(accum_tile_workspace + accum_tile_offset, accumulator_tile, thread_idx);
    for (int i = 0; i < kStripes; ++i) {
      atomicAdd(accum_tile_workspace + accum_tile_offset + (kThreadCount * i) + thread_idx, accumulator_tile[i]);
    }
  }

  // Signal our arrival
  Barrier::arrive_inc(barrier_workspace, thread_idx, first_block_idx);
}

template __global__ void streamk_share_accumulators_kernel<128, 8>(const float*, float*, int*);
