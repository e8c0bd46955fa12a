// corpus-source: pytorch/pytorch@bad757be610b43809dc32b7b50d1800d0cfb6750:aten/src/ATen/native/cuda/layer_norm_kernel.cu [layer_norm_grad_input_kernel, compute_gI]; pytorch/pytorch@0d1a44aee51d2a032e18b56604a0cd28c6b470b0:aten/src/ATen/native/cuda/block_reduce.cuh [BlockReduceSum, WarpReduceSum]
// corpus-form: verbatim (BlockReduceSum/WarpReduceSum/Block1D inlined verbatim from block_reduce.cuh, WARP_SHFL_DOWN verbatim from ATen/cuda/DeviceUtils.cuh, C10_WARP_SIZE=32; instantiation <float,float> added)
// syncproof-args: --grid 1:2147483647 --block 128 --dynamic-smem 16 --param N=1:2147483647
// corpus-expect: buggy race
// LayerNorm input gradient, one 128-thread block per row. Two BlockReduceSum calls share buf (4 floats); each starts with a
// __syncthreads, so the second call's stores are ordered after the first call's reads. But after the second call thread 0
// stores buf[0] and buf[1] with no barrier, while lane 1 of warp 0 reads buf[1] (val = shared[lid] for tid < 4) inside that
// second BlockReduceSum. The two accesses are only linked through the __shfl_down_sync data dependency, which gives no memory
// ordering under the PTX memory model (only __syncwarp/bar/fences/atomics do): a formal intra-warp shared-memory race on buf[1].
// (In practice the value dependency keeps it benign.)
// Host launch (LayerNormBackwardKernelImplInternal): const dim3 blocks(M); int nshared = (num_threads()/warp_size) * sizeof(T_ACC);  // num_threads() = C10_WARP_SIZE * 4 = 128
//   layer_norm_grad_input_kernel<<<blocks, num_threads(), nshared, cuda_stream>>>(dY_data, X_data, mean_data, rstd_data, gamma_data, dX_data, N);
#include <cstdint>

#define C10_WARP_SIZE 32

// ---- from pytorch/pytorch@11bc1c8951711fd819725c7a6cb895618f84a7b4:aten/src/ATen/cuda/DeviceUtils.cuh (verbatim) ----
template <typename T>
__device__ __forceinline__ T WARP_SHFL_DOWN(T value, unsigned int delta, int width = warpSize, unsigned int mask = 0xffffffff)
{
#ifndef __HIP_PLATFORM_HCC__
    return __shfl_down_sync(mask, value, delta, width);
#else
    return __shfl_down(value, delta, width);
#endif
}

// ---- aten/src/ATen/native/cuda/block_reduce.cuh (verbatim, the parts used) ----
namespace at {
namespace native {
namespace cuda_utils {

// Sums `val` accross all threads in a warp.
//
// Assumptions:
//   - The size of each block should be a multiple of `C10_WARP_SIZE`
template <typename T>
__inline__ __device__ T WarpReduceSum(T val) {
#pragma unroll
  for (int offset = (C10_WARP_SIZE >> 1); offset > 0; offset >>= 1) {
    val += WARP_SHFL_DOWN(val, offset);
  }
  return val;
}

struct Block1D {
    static __forceinline__ __device__ int Tid() { return threadIdx.x; }

    static __forceinline__ __device__ int Warps() {
        return blockDim.x / C10_WARP_SIZE;
    }
};

// Sums `val` across all threads in a block.
//
// Assumptions:
//   - The size of each block should be a multiple of `C10_WARP_SIZE`
//   - `shared` should be a pointer to shared memory with size of, at least,
//     `sizeof(T) * number_of_warps`
template <typename T, typename B = Block1D>
__inline__ __device__ T BlockReduceSum(T val, T* shared) {
  const int tid = B::Tid();
  const int lid = tid % C10_WARP_SIZE;
  const int wid = tid / C10_WARP_SIZE;
  val = WarpReduceSum(val);
  __syncthreads();
  if (lid == 0) {
    shared[wid] = val;
  }
  __syncthreads();
  val = (tid < B::Warps()) ? shared[lid] : T(0);
  if (wid == 0) {
    val = WarpReduceSum(val);
  }
  return val;
}

} // namespace cuda_utils
} // namespace native
} // namespace at

namespace at::native {
namespace {

// ---- aten/src/ATen/native/cuda/layer_norm_kernel.cu (verbatim) ----
template<typename T, typename T_ACC>
__device__ __inline__ void compute_gI(
  const T* __restrict__ dY,
  const T* __restrict__ X,
  const T_ACC* __restrict__ mean,
  const T_ACC* __restrict__ rstd,
  const T* __restrict__ gamma,
  T* dX,
  const int N,
  T_ACC * buf){
    const auto i1 = blockIdx.x;
    const T_ACC mean_val = mean[i1];
    const T_ACC rstd_val = rstd[i1];
    T_ACC stats_x1{0}, stats_x2{0};
    constexpr int unroll = 4;
    auto l = unroll * threadIdx.x;
    const T * X_i = X + i1 * N;
    const T * dY_i = dY + i1 * N;
    T * dX_i = dX + i1 * N;
    //vectorized reads don't improve perf, so use regular unrolling

    for (; l+unroll - 1 < N; l += blockDim.x * unroll){
      #pragma unroll
      for (int k=0; k< unroll; k++){
          T_ACC gamma_val = (gamma != nullptr) ? static_cast<T_ACC>(gamma[l+k]) : T_ACC(1);
          const T_ACC c_h = static_cast<T_ACC>(X_i[l+k]);
          const T_ACC c_loss = static_cast<T_ACC>(dY_i[l+k]);
          stats_x1 += c_loss * gamma_val;
          stats_x2 += c_loss * gamma_val * (c_h - mean_val) * rstd_val;
      }
    }
    for (;  l < N; l ++) {
          T_ACC gamma_val = (gamma != nullptr) ? static_cast<T_ACC>(gamma[l]) : T_ACC(1);
          const T_ACC c_h = static_cast<T_ACC>(X_i[l]);
          const T_ACC c_loss = static_cast<T_ACC>(dY_i[l]);
          stats_x1 += c_loss * gamma_val;
          stats_x2 += c_loss * gamma_val * (c_h - mean_val) * rstd_val;
    }

    stats_x1 = cuda_utils::BlockReduceSum(stats_x1, buf);
    stats_x2 = cuda_utils::BlockReduceSum(stats_x2, buf);
    if (threadIdx.x == 0) {
      buf[0] = stats_x1;
      buf[1] = stats_x2;  // corpus-bug
    }
    __syncthreads();
    stats_x1 = buf[0];
    stats_x2 = buf[1];
    T_ACC fH = N;
    T_ACC term1 = (T_ACC(1) / fH) * rstd_val;

    for (int l = threadIdx.x; l < N; l += blockDim.x){
        const T_ACC x = X_i[l];
        const T_ACC dy = dY_i[l];
        T_ACC gamma_val = (gamma != nullptr) ? static_cast<T_ACC>(gamma[l]) : T_ACC(1);
        T_ACC f_grad_input = fH * gamma_val * dy;
        f_grad_input -= (x - mean_val) * rstd_val * stats_x2;
        f_grad_input -= stats_x1;
        f_grad_input *= term1;
        dX_i[l] = f_grad_input;
    }
  }



template<typename T, typename T_ACC>
__global__ void layer_norm_grad_input_kernel(
  const T* __restrict__ dY,
  const T* __restrict__ X,
  const T_ACC* __restrict__ mean,
  const T_ACC* __restrict__ rstd,
  const T* __restrict__ gamma,
  T*  dX,
  const int N){
    alignas(sizeof(double)) extern __shared__ char s_data1[];
    T_ACC * buf = reinterpret_cast<T_ACC*>(&s_data1);

    compute_gI(dY, X, mean, rstd, gamma, dX, N, buf);
  }

// ---- instantiation (added) ----
template __global__ void layer_norm_grad_input_kernel<float, float>(const float* __restrict__, const float* __restrict__,
                                                                    const float* __restrict__, const float* __restrict__,
                                                                    const float* __restrict__, float*, const int);

} // namespace
} // namespace at::native
