// corpus-source: pytorch/pytorch@bad757be610b43809dc32b7b50d1800d0cfb6750:aten/src/ATen/native/cuda/layer_norm_kernel.cu [GammaBetaBackwardCUDAKernel]
// corpus-form: verbatim (C10_WARP_SIZE=32; instantiation <float,float> added)
// syncproof-args: --grid 1:134217728 --block 16,32 --dynamic-smem 4096 --param M=128:2147483647 --param N=1:2147483647
// corpus-expect: buggy divergence
// Column reduction for dgamma/dbeta (used when M or N is not a multiple of 32). The whole body, including the shared-memory
// tree with one __syncthreads per step, is under if (j < N) with j = blockIdx.x*blockDim.x + threadIdx.x. The host rounds
// the grid up (blocks = ceil(N/16)), so for N % 16 != 0 the last block has threads (threadIdx.x >= N % 16) that skip every
// __syncthreads while the rest of the block waits in them: a barrier in non-uniform control flow (CUDA Programming Guide:
// undefined behaviour). (The cuComputeGradGammaBeta kernel of the same file hoists its barriers out of the i2 < N test.)
// Host launch (LayerNormBackwardKernelImplInternal, M >= 128, !(M % 32 == 0 && N % 32 == 0)): dim3 threads{16, 32};
//   int blocks = (N + threads.x - 1) / threads.x; size_t shmem_sz = 2 * sizeof(T_ACC) * threads.x * threads.y;
//   GammaBetaBackwardCUDAKernel<T, T_ACC><<<blocks, threads, shmem_sz, cuda_stream>>>(M, N, dY_data, X_data, mean_data, rstd_data, dgamma_data, dbeta_data);
#include <cstdint>

#define C10_WARP_SIZE 32

namespace at::native {
namespace {

// ---- aten/src/ATen/native/cuda/layer_norm_kernel.cu (verbatim) ----
template <typename T, typename T_ACC>
__global__ void GammaBetaBackwardCUDAKernel(
    int64_t M,
    int64_t N,
    const T* dY,
    const T* X,
    const T_ACC* mean,
    const T_ACC* rstd,
    T* dg,
    T* db) {
  alignas(sizeof(double)) extern __shared__ char s_data1[];
  T_ACC* s_data_typed = reinterpret_cast<T_ACC*>(&s_data1);
  T_ACC* s_dg;
  T_ACC* s_db;

  const int64_t j = blockIdx.x * blockDim.x + threadIdx.x;

  T_ACC dg_sum = 0;
  T_ACC db_sum = 0;

  if (j < N) {
    constexpr int unroll_factor = 8;

    T_ACC mean_reg;
    T_ACC rstd_reg;
    T dY_reg;
    T X_reg;

    // Main Loop
    int bcounter;
    for (bcounter = 0; bcounter < M / (blockDim.y * unroll_factor); bcounter++){
      int offset = (bcounter * blockDim.y + threadIdx.y) * unroll_factor;

      #pragma unroll
      for (int ii = 0; ii < unroll_factor; ++ii) {
        dY_reg = dY[(offset + ii) * N + j];
        X_reg = X[(offset + ii) * N + j];
        mean_reg = mean[offset + ii];
        rstd_reg = rstd[offset + ii];
        dg_sum += dY_reg * (X_reg - mean_reg) * rstd_reg;
        db_sum += dY_reg;
      }
    }

    // Remainder loop
    int offset = (bcounter * blockDim.y + threadIdx.y) * unroll_factor;
    for (int ii = 0; ii < unroll_factor; ii++ ){
      if ((offset + ii) < M) {
        dY_reg = dY[(offset + ii) * N + j ];
        X_reg = X[(offset + ii) * N + j];
        mean_reg = mean[offset + ii];
        rstd_reg = rstd[offset + ii];
        dg_sum += dY_reg * (X_reg - mean_reg) * rstd_reg;
        db_sum += dY_reg;
      }
    }

    // Do the final reduction in shared memory
    s_dg = s_data_typed;
    s_db = s_data_typed + blockDim.x * blockDim.y;
    s_dg[threadIdx.y * blockDim.x + threadIdx.x] = dg_sum;
    s_db[threadIdx.y * blockDim.x + threadIdx.x] = db_sum;
    __syncthreads();  // corpus-bug

    for (int offset = blockDim.y / 2; offset >= 1; offset /= 2) {
      if (threadIdx.y < offset) {
        s_dg[threadIdx.y * blockDim.x + threadIdx.x] +=
            s_dg[(threadIdx.y + offset) * blockDim.x + threadIdx.x];
        s_db[threadIdx.y * blockDim.x + threadIdx.x] +=
            s_db[(threadIdx.y + offset) * blockDim.x + threadIdx.x];
        }
      __syncthreads();
    }

    if (threadIdx.y == 0) {
      if (dg) {
        dg[j] = s_dg[threadIdx.x];
      }
      if (db) {
        db[j] = s_db[threadIdx.x];
      }
    }
  }
}

// ---- instantiation (added) ----
template __global__ void GammaBetaBackwardCUDAKernel<float, float>(int64_t, int64_t, const float*, const float*,
                                                                   const float*, const float*, float*, float*);

} // namespace
} // namespace at::native
