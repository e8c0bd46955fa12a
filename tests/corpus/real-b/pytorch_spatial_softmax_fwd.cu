// corpus-source: pytorch/pytorch@e9865f53f2566a471b5130d31034807e14755851:aten/src/ATen/native/cuda/SoftMax.cu [cunn_SpatialSoftMaxForward, spatialBlockReduceX]
// corpus-form: adapted (kernel and helpers verbatim; at::numeric_limits<float>::lowest re-declared as -FLT_MAX as in ATen/cuda/NumericLimits.cuh; instantiation <float,float,float,SoftMaxForwardEpilogue> added)
// syncproof-args: --grid 1:65535,1 --block 16,64 --dynamic-smem 4096 --param outer_size=1:2147483647 --param dim_size=64:2147483647 --param inner_size=64
// corpus-expect: correct
// Softmax over a strided middle dimension. Contract instance: inner_size = 64 and dim_size >= 64, for which the host picks
// block (16, 64) and grid.y = 1, so the inner_index loop (start threadIdx.y, bound inner_size) runs exactly once for every
// thread and the __syncthreads inside spatialBlockReduceX are reached uniformly. Each threadIdx.y row uses its own
// blockDim.x slice of shared memory; the leading __syncthreads separates consecutive reductions.
// Host launch (host_softmax, inner_size > 1): SpatialSoftMax_getLaunchSizes(...) -> block = SpatialSoftMax_getBlockSize(dim_size, inner_size),
//   smem_size = block.x == 1 ? 0 : block_threads * sizeof(accscalar_t); grid = SpatialSoftMax_getGridSize(block, max_active_blocks, outer_size, inner_size);
//   cunn_SpatialSoftMaxForward<scalar_t, accscalar_t, scalar_t, Epilogue><<<grid, block, smem_size, stream>>>(output, input, outer_size, dim_size, inner_size);
#include <cfloat>
#include <cstdint>
#include <cmath>

namespace at {
// ---- ATen/cuda/NumericLimits.cuh (the float specialization, only what is used) ----
template <typename T>
struct numeric_limits {
};
template <>
struct numeric_limits<float> {
  static inline __host__ __device__ float lowest() { return -FLT_MAX; }
  static inline __host__ __device__ float max() { return FLT_MAX; }
};
}  // namespace at

// ---- aten/src/ATen/native/cuda/SoftMax.cu (verbatim) ----
namespace at::native {

namespace {

template<typename T, typename AccumT, typename OutT>
struct SoftMaxForwardEpilogue {
  __device__ __forceinline__ SoftMaxForwardEpilogue(AccumT max_input, AccumT sum)
    : max_input(max_input)
    , sum(sum) {}

  __device__ __forceinline__ OutT operator()(T input) const {
    return static_cast<OutT>(std::exp(input - max_input) / sum);
  }

  const AccumT max_input;
  const AccumT sum;
};

template<typename T>
struct Add {
  __device__ __forceinline__ T operator()(T a, T b) const {
    return a + b;
  }
};

template<typename T>
struct Max {
  __device__ __forceinline__ T operator()(T a, T b) const {
    return a < b ? b : a;
  }
};

// Note that it's not a complete block-wide reduction.
// Only threads that share threadIdx.y reduce values.
template<typename T, template<typename> class ReduceOp>
__forceinline__ __device__
T spatialBlockReduceX(T *shared, T val) {
  ReduceOp<T> r;
  shared += threadIdx.y * blockDim.x;

  __syncthreads();

  shared[threadIdx.x] = val;

  // NOTE: loop starts with __syncthreads()
  int offset = blockDim.x / 2;
  while (offset > 0) {
    __syncthreads();
    if (threadIdx.x < offset)
      shared[threadIdx.x] = r(shared[threadIdx.x], shared[threadIdx.x + offset]);
    offset /= 2;
  }

  __syncthreads();

  return shared[0];
}

template <typename scalar_t, typename accscalar_t, typename outscalar_t, template<typename, typename, typename> class Epilogue>
__global__ void cunn_SpatialSoftMaxForward(
    outscalar_t *output, const scalar_t *input,
    uint32_t outer_size, uint32_t dim_size, uint32_t inner_size)
{
  extern __shared__ unsigned char smem[];
  auto sdata = reinterpret_cast<accscalar_t*>(smem);
  const uint32_t outer_stride = inner_size * dim_size;
  const uint32_t dim_stride = inner_size;

  for (uint32_t outer_index = blockIdx.x; outer_index < outer_size; outer_index += gridDim.x) {
    const uint32_t outer_offset = outer_index * outer_stride;
    for (uint32_t inner_index = blockIdx.y * blockDim.y + threadIdx.y; inner_index < inner_size; inner_index += blockDim.y * gridDim.y) {
      const uint32_t data_offset = outer_offset + inner_index;
      ////////////////////////////////////////////////////////////
      // These two blocks are really equivalent, but specializing on
      // blockDim.x == 1 makes the kernel faster when it's unused.
      // I didn't want to thread an extra template parameter, and nvcc
      // seems to be smart enough to hoist the if outside of the loops.
      ////////////////////////////////////////////////////////////

      if (blockDim.x > 1) {
        accscalar_t max_input = at::numeric_limits<accscalar_t>::lowest();
        for (uint32_t d = threadIdx.x; d < dim_size; d += blockDim.x) {
          const accscalar_t value = static_cast<accscalar_t>(input[data_offset + d * dim_stride]);
          max_input = Max<accscalar_t>()(max_input, value);
        }
        max_input = spatialBlockReduceX<accscalar_t, Max>(sdata,max_input);

        accscalar_t sum = 0;
        for (uint32_t d = threadIdx.x; d < dim_size; d += blockDim.x)
          sum += std::exp(static_cast<accscalar_t>(input[data_offset + d * dim_stride])
                 - max_input);
        sum = spatialBlockReduceX<accscalar_t, Add>(sdata, sum);

        Epilogue<scalar_t, accscalar_t, outscalar_t> epilogue(max_input, sum);
        for (uint32_t d = threadIdx.x; d < dim_size; d += blockDim.x)
          output[data_offset + d * dim_stride] = epilogue(input[data_offset + d * dim_stride]);
      } else {
        accscalar_t max_input = at::numeric_limits<accscalar_t>::lowest();
        for (uint32_t d = threadIdx.x; d < dim_size; d += blockDim.x) {
          const accscalar_t value = static_cast<accscalar_t>(input[data_offset + d * dim_stride]);
          max_input = Max<accscalar_t>()(max_input, value);
        }
        accscalar_t sum = 0;
        for (uint32_t d = threadIdx.x; d < dim_size; d += blockDim.x)
          sum += std::exp(static_cast<accscalar_t>(input[data_offset + d * dim_stride])
                 - max_input);
        Epilogue<scalar_t, accscalar_t, outscalar_t> epilogue(max_input, sum);
        for (uint32_t d = threadIdx.x; d < dim_size; d += blockDim.x)
          output[data_offset + d * dim_stride] = epilogue(input[data_offset + d * dim_stride]);
      }
    }
  }
}

// ---- instantiation (added) ----
template __global__ void cunn_SpatialSoftMaxForward<float, float, float, SoftMaxForwardEpilogue>(
    float*, const float*, uint32_t, uint32_t, uint32_t);

} // namespace

} // namespace at::native
