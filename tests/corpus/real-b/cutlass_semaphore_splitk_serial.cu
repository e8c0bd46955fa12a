// corpus-source: NVIDIA/cutlass@7107b05535f8977f5ecb9d01ee203205b1fd9bc4:include/cutlass/semaphore.h [Semaphore]; include/cutlass/gemm/kernel/gemm.h [Gemm::operator() serial split-K path]
// corpus-form: adapted (Semaphore copied verbatim; the kernel keeps Gemm::operator()'s serial split-K control flow and semaphore calls line for line, with the Mma mainloop replaced by a per-thread partial-sum fragment and the Epilogue by a per-thread "D = accum + source" over the block's tile, source = C for k-slice 0 and D afterwards)
// syncproof-args: --grid 1:64,1:64,1:16 --block 128 --param tile_elems=128:4096
// corpus-expect: correct
// Serial split-K reduction: the gridDim.z K-slices of one output tile run in separate CTAs and take turns on a per-tile
// semaphore in global memory. fetch(): thread 0 ld.acquire.gpu; wait(k): loop __syncthreads_and(state != k) with thread 0
// re-fetching, then __syncthreads; slice k reads D written by slice k-1 and writes D; release(): __syncthreads, then thread 0
// st.release.gpu of k+1 (or 0 from the last slice, resetting the lock for the next grid). Slice k only waits on slice k-1
// (lower blockIdx.z, dispatched earlier).
// Host (cutlass::gemm::device::Gemm with SplitKSerial): grid = threadblock_swizzle.get_grid_shape(grid_tiled_shape) = (tiles_m, tiles_n, split_k_slices),
//   block = kThreadCount; cutlass::Kernel<GemmKernel><<<grid, block, smem_size, stream>>>(params_);  workspace = semaphores (one int per (m,n) tile, zeroed).
#include <cstdint>

#define CUTLASS_HOST_DEVICE __forceinline__ __device__ __host__
#define CUTLASS_DEVICE __forceinline__ __device__

namespace cutlass {

// ---- include/cutlass/semaphore.h (verbatim, lines 52-112) ----
/// CTA-wide semaphore for inter-CTA synchronization.
class Semaphore { 
public:

  int *lock;
  bool wait_thread;
  int state;

public:

  /// Implements a semaphore to wait for a flag to reach a given value
  CUTLASS_HOST_DEVICE
  Semaphore(int *lock_, int thread_id): 
    lock(lock_), 
    wait_thread(thread_id < 0 || thread_id == 0),
    state(-1) {

  }

  /// Permit fetching the synchronization mechanism early
  CUTLASS_DEVICE
  void fetch() {
    if (wait_thread) {
      #if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
      asm volatile ("ld.global.acquire.gpu.b32 %0, [%1];\n" : "=r"(state) : "l"(lock));  
      #else
      asm volatile ("ld.global.cg.b32 %0, [%1];\n" : "=r"(state) : "l"(lock));  
      #endif
    }
  }

  /// Gets the internal state
  CUTLASS_DEVICE
  int get_state() const {
    return state;
  }

  /// Waits until the semaphore is equal to the given value
  CUTLASS_DEVICE
  void wait(int status = 0) {
    while( __syncthreads_and(state != status) ) {
      fetch();
    }

    __syncthreads();
  }

  /// Updates the lock with the given result
  CUTLASS_DEVICE
  void release(int status = 0) {
    __syncthreads();

    if (wait_thread) {
      #if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
      asm volatile ("st.global.release.gpu.b32 [%0], %1;\n" : : "l"(lock), "r"(status));
      #else
      asm volatile ("st.global.cg.b32 [%0], %1;\n" : : "l"(lock), "r"(status));
      #endif
    }
  }
};

} // namespace cutlass

// ---- adapted from include/cutlass/gemm/kernel/gemm.h: Gemm::operator() with kSplitKSerial = true ----
template <int kThreadCount, int kElementsPerThread>
__global__ void gemm_splitk_serial_kernel(const float* partial_products, const float* ptr_C, float* ptr_D,
                                          int* semaphore_workspace, int tile_elems)
{
  using cutlass::Semaphore;
  static bool const kSplitKSerial = true;

  // ThreadblockSwizzle (identity): tile offset = (blockIdx.x, blockIdx.y, blockIdx.z) = (m, n, k)
  int tile_m = blockIdx.x, tile_n = blockIdx.y, tile_k = blockIdx.z;
  int grid_k = gridDim.z;

  int thread_idx = threadIdx.x;

  // Stand-in for the Mma mainloop: this thread's accumulators for its elements of the (m, n) tile, k-slice tile_k.
  int tile_linear = tile_m + tile_n * gridDim.x;
  float accumulators[kElementsPerThread];
  for (int i = 0; i < kElementsPerThread; ++i) {
    int e = thread_idx + i * kThreadCount;
    accumulators[i] = (e < tile_elems)
        ? partial_products[((size_t)tile_k * gridDim.x * gridDim.y + tile_linear) * tile_elems + e] : 0.f;
  }

  int block_idx = tile_m + tile_n * gridDim.x;

  // Construct the semaphore.
  Semaphore semaphore(semaphore_workspace + block_idx, thread_idx);

  // If performing a reduction via split-K, fetch the initial synchronization
  if (kSplitKSerial && grid_k > 1) {

    // Fetch the synchronization lock initially but do not block.
    semaphore.fetch();
  }

  const float* iterator_C = ptr_C + (size_t)tile_linear * tile_elems;
  float* iterator_D = ptr_D + (size_t)tile_linear * tile_elems;

  // Wait on the semaphore - this latency may have been covered by iterator construction
  if (kSplitKSerial && grid_k > 1) {

    // For subsequent threadblocks, the source matrix is held in the 'D' tensor.
    if (tile_k) {
      iterator_C = iterator_D;
    }

    semaphore.wait(tile_k);

  }

  // Execute the epilogue operator to update the destination tensor.  (stand-in: D = accum + source)
  for (int i = 0; i < kElementsPerThread; ++i) {
    int e = thread_idx + i * kThreadCount;
    if (e < tile_elems) {
      iterator_D[e] = accumulators[i] + iterator_C[e];
    }
  }

  //
  // Release the semaphore
  //

  if (kSplitKSerial && grid_k > 1) {

    int lock = 0;
    if (grid_k == tile_k + 1) {

      // The final threadblock resets the semaphore for subsequent grids.
      lock = 0;
    }
    else {
      // Otherwise, the semaphore is incremented
      lock = tile_k + 1;
    }

    semaphore.release(lock);
  }
}

template __global__ void gemm_splitk_serial_kernel<128, 32>(const float*, const float*, float*, int*, int);
