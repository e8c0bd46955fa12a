// corpus-source: pytorch/pytorch@1c94016e03463593c53fcf4f1a4438eed1fc08ea:aten/src/ATen/native/cuda/Embedding.cu [renorm_kernel]; pytorch/pytorch@0d1a44aee51d2a032e18b56604a0cd28c6b470b0:aten/src/ATen/native/cuda/block_reduce.cuh [BlockReduceSum]
// corpus-form: verbatim (BlockReduceSum/WarpReduceSum/Block1D inlined verbatim from block_reduce.cuh, WARP_SHFL_DOWN verbatim from ATen/cuda/DeviceUtils.cuh, C10_WARP_SIZE=32; instantiation <float,float,int64_t> added)
// syncproof-args: --grid 1:2147483647 --block 128 --dynamic-smem 16 --param dim=0:2147483647 --param weights_stride0=0:2147483647 --param weights_stride1=0:2147483647
// corpus-expect: correct
// embedding_renorm_: one block per unique index (blocks past *num_unique_indices return at once, block-uniformly); the block
// computes the row norm with BlockReduceSum (warp shuffles + one smem slot per warp between two __syncthreads); thread 0 then
// overwrites sdata[0] -- only thread 0 itself read sdata[0] inside BlockReduceSum -- and a __syncthreads publishes it.
// Host launch (embedding_renorm_cuda_): dim3 grid = unique_indices.numel(); dim3 block = num_threads();  // = C10_WARP_SIZE * 4 = 128
//   renorm_kernel<<<grid, block, (block.x / warp_size) * sizeof(accscalar_t), stream>>>(self, unique_indices, max_norm, norm_type, dim, self.stride(0), self.stride(1), num_unique_indices_ptr);
#include <cstdint>
#include <cmath>

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

// ---- aten/src/ATen/native/cuda/Embedding.cu (verbatim) ----
/* Calculate norms of the rows of weight_ptr given by idx_ptr and capture them in norms */
template <typename scalar_t, typename accscalar_t, typename index_t>
__global__ void renorm_kernel(
    scalar_t* weights, index_t* indices, accscalar_t max_norm,
    accscalar_t norm_type, int64_t dim,
    int64_t weights_stride0, int64_t weights_stride1,
    const int64_t *num_unique_indices) {
  if (blockIdx.x >= *num_unique_indices) {
    return;
  }

  // Some casting hacks since dynamic shared memory and templates don't work together:
  extern __shared__ unsigned char smem[];
  auto sdata = reinterpret_cast<accscalar_t*>(smem);

  int tid = threadIdx.x;
  int base_index = indices[blockIdx.x] * weights_stride0;

  accscalar_t v = 0;
  for (int i = tid; i < dim; i += blockDim.x) {
    auto x = static_cast<accscalar_t>(weights[base_index + i * weights_stride1]);
    if (norm_type == 1) {
      v += std::abs(x);
    } else if (norm_type == 2) {
      v += x * x;
    } else {
      v += std::pow(x, norm_type);
    }
  }

  v = cuda_utils::BlockReduceSum(v, sdata);

  if (tid == 0) {
    sdata[0] = std::pow(v, static_cast<accscalar_t>(1.0 / norm_type));
  }
  __syncthreads();

  // now we renormalize the blocks that need it
  if (sdata[0] > max_norm) {
    auto factor = static_cast<scalar_t>(max_norm / (sdata[0] + 1e-7));
    for (int i = tid; i < dim; i += blockDim.x) {
      weights[base_index + i * weights_stride1] *= factor;
    }
  }
}

// ---- instantiation (added): scalar_t = accscalar_t = float, index_t = int64_t ----
template __global__ void renorm_kernel<float, float, int64_t>(float*, int64_t*, float, float, int64_t, int64_t, int64_t,
                                                              const int64_t*);

} // anonymous namespace
} // namespace at::native
