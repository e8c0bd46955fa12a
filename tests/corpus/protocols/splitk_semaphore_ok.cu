// corpus-source: NVIDIA/cutlass@7107b05535f8977f5ecb9d01ee203205b1fd9bc4:include/cutlass/semaphore.h [Semaphore] + include/cutlass/gemm/kernel/gemm.h [Gemm::operator() serial split-K epilogue]
// corpus-form: adapted (Semaphore copied verbatim with the CUTLASS_* macros defined locally; GEMM mainloop/epilogue replaced by a 16x16 shared-memory tile loop, semaphore use as in gemm.h)
// syncproof-args: --block 16,16 --grid 1:256,1:256,1:16 --param M=1:4096 --param N=1:4096 --param K=1:65536 --param gemm_k_size=16:65536
// corpus-expect: correct
// Serial split-K: block (m, n, k) accumulates its K-slice, then (as gemm.h) fetch()es the per-tile
// lock, wait(k) (thread 0 spins with ld.global.acquire.gpu inside __syncthreads_and), updates D
// (k == 0 reads C, later slices read the partial D with beta = 1) and release()s k+1 (0 after the
// last slice) with __syncthreads + st.global.release.gpu. Lower k runs first (CUTLASS relies on it).

// Original Semaphore code: Copyright (c) 2017 - 2026 NVIDIA CORPORATION & AFFILIATES. BSD-3-Clause.

#define CUTLASS_HOST_DEVICE __forceinline__ __device__ __host__
#define CUTLASS_DEVICE __forceinline__ __device__

namespace cutlass {

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

#define TILE 16

// D = alpha * A(MxK) * B(KxN) + beta * C, row-major; gridDim.z = number of K slices.
__global__ void gemm_splitk_serial(int M, int N, int K, int gemm_k_size, float alpha, float beta,
                                   const float* __restrict__ A, const float* __restrict__ B,
                                   const float* C, float* D, int* semaphores)
{
    __shared__ float sA[TILE][TILE];
    __shared__ float sB[TILE][TILE];

    const int tx         = threadIdx.x;
    const int ty         = threadIdx.y;
    const int thread_idx = tx + ty * TILE;
    const int tile_m     = blockIdx.x;
    const int tile_n     = blockIdx.y;
    const int tile_k     = blockIdx.z;
    const int splits     = gridDim.z;
    const int row        = tile_m * TILE + ty;
    const int col        = tile_n * TILE + tx;

    // Mainloop over this block's K slice.
    const int k_begin = tile_k * gemm_k_size;
    const int k_end   = min(K, k_begin + gemm_k_size);
    float     accum   = 0.0f;
    for (int kk = k_begin; kk < k_end; kk += TILE) {
        sA[ty][tx] = (row < M && kk + tx < k_end) ? A[(long long)row * K + kk + tx] : 0.0f;
        sB[ty][tx] = (kk + ty < k_end && col < N) ? B[(long long)(kk + ty) * N + col] : 0.0f;
        __syncthreads();
        for (int e = 0; e < TILE; ++e)
            accum += sA[ty][e] * sB[e][tx];
        __syncthreads();
    }

    int block_idx = tile_m + tile_n * gridDim.x;

    // Construct the semaphore.
    cutlass::Semaphore semaphore(semaphores + block_idx, thread_idx);

    // If performing a reduction via split-K, fetch the initial synchronization
    const float* source    = C;
    float        beta_k    = beta;
    if (splits > 1) {
        // Fetch the synchronization lock initially but do not block.
        semaphore.fetch();

        // For subsequent threadblocks, the source matrix is held in the 'D' tensor (beta = 1).
        if (tile_k) {
            source = D;
            beta_k = 1.0f;
        }

        semaphore.wait(tile_k);
    }

    // Epilogue
    if (row < M && col < N) {
        const long long idx = (long long)row * N + col;
        D[idx]              = alpha * accum + beta_k * source[idx];
    }

    // Release the semaphore
    if (splits > 1) {
        int lock = 0;
        if (splits == tile_k + 1) {
            // The final threadblock resets the semaphore for subsequent grids.
            lock = 0;
        } else {
            // Otherwise, the semaphore is incremented
            lock = tile_k + 1;
        }

        semaphore.release(lock);
    }
}

// Host: grid = (ceil(M/16), ceil(N/16), splits), gemm_k_size = round_up(ceil(K/splits), 16);
// semaphores[] zeroed once at allocation (the last slice resets its lock).
void launch_gemm_splitk_serial(int M, int N, int K, int splits, float alpha, float beta, const float* A,
                               const float* B, const float* C, float* D, int* semaphores)
{
    int gemm_k_size = ((K + splits - 1) / splits + TILE - 1) / TILE * TILE;
    dim3 grid((M + TILE - 1) / TILE, (N + TILE - 1) / TILE, splits);
    gemm_splitk_serial<<<grid, dim3(TILE, TILE)>>>(M, N, K, gemm_k_size, alpha, beta, A, B, C, D, semaphores);
}
