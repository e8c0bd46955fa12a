// corpus-source: NVIDIA/cutlass@7107b05535f8977f5ecb9d01ee203205b1fd9bc4:include/cutlass/barrier.h [detail::SyncthreadsSync, GenericBarrier, Barrier]
// corpus-form: adapted (as splitk_barrier_ok.cu, GenericBarrier in fence form: volatile spin load + __threadfence() after the loop; red_release = its pre-SM70 branch __threadfence() + atomicAdd)
// syncproof-args: --block 16,16 --grid 1:256,1:256,1:16 --param M=1:4096 --param N=1:4096 --param K=1:65536 --param gemm_k_size=16:65536
// corpus-expect: correct
// Serial split-K with the fence-based form of cutlass::GenericBarrier (its pre-Volta code paths):
// thread 0 spins on a volatile load of the flag and executes __threadfence() after the loop
// (acquire pattern), arrive_inc does __syncthreads, then thread 0 __threadfence() + atomicAdd
// (release pattern). Flags are zeroed by the host before each launch.

// Original GenericBarrier code: Copyright (c) 2017 - 2026 NVIDIA CORPORATION & AFFILIATES. BSD-3-Clause.

#define CUTLASS_DEVICE __forceinline__ __device__

namespace cutlass {

namespace detail {

struct SyncthreadsSync {
  CUTLASS_DEVICE
  static void sync() {
    __syncthreads();
  }
};

} // namepspace detail

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
    // Volatile (strong, relaxed) load; the acquire fence follows the spin loop in the waiters.
    return *reinterpret_cast<volatile int *>(ptr);
  }


  /// Reduce into flag, with release pattern (int specialization)
  CUTLASS_DEVICE
  static void red_release(int *ptr, int val)
  {
    __threadfence();
    atomicAdd(ptr, val);
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
        __threadfence();
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
        __threadfence();
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

} // namespace cutlass

#define TILE 16

// D = alpha * A(MxK) * B(KxN) + beta * C, row-major; gridDim.z = number of K slices.
__global__ void gemm_splitk_serial(int M, int N, int K, int gemm_k_size, float alpha, float beta,
                                   const float* __restrict__ A, const float* __restrict__ B,
                                   const float* C, float* D, int* flags)
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

    const int flag_idx = tile_m + tile_n * gridDim.x;

    // Serial reduction: wait for the previous K slice of this output tile.
    const float* source = C;
    float        beta_k = beta;
    if (splits > 1) {
        // For subsequent threadblocks, the source matrix is held in the 'D' tensor (beta = 1).
        if (tile_k) {
            source = D;
            beta_k = 1.0f;
        }

        cutlass::Barrier::wait_eq(flags, thread_idx, flag_idx, tile_k);
    }

    // Epilogue
    if (row < M && col < N) {
        const long long idx = (long long)row * N + col;
        D[idx]              = alpha * accum + beta_k * source[idx];
    }

    // Signal the next K slice.
    if (splits > 1)
        cutlass::Barrier::arrive_inc(flags, thread_idx, flag_idx);
}

// Host: grid = (ceil(M/16), ceil(N/16), splits), gemm_k_size = round_up(ceil(K/splits), 16);
// flags[] (one int per output tile) zeroed before every launch.
void launch_gemm_splitk_serial(int M, int N, int K, int splits, float alpha, float beta, const float* A,
                               const float* B, const float* C, float* D, int* flags)
{
    cudaMemsetAsync(flags, 0, sizeof(int) * ((M + TILE - 1) / TILE) * ((N + TILE - 1) / TILE));
    int gemm_k_size = ((K + splits - 1) / splits + TILE - 1) / TILE * TILE;
    dim3 grid((M + TILE - 1) / TILE, (N + TILE - 1) / TILE, splits);
    gemm_splitk_serial<<<grid, dim3(TILE, TILE)>>>(M, N, K, gemm_k_size, alpha, beta, A, B, C, D, flags);
}
