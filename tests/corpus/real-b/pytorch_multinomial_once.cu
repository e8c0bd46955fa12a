// corpus-source: pytorch/pytorch@d536fe3c1dd34d52912c6e70da5277382edd7f2a:aten/src/ATen/native/cuda/MultinomialKernel.cu [sampleMultinomialOnce, _isinf]; pytorch/pytorch@0d1a44aee51d2a032e18b56604a0cd28c6b470b0:aten/src/ATen/native/cuda/block_reduce.cuh [BlockReduceSum]
// corpus-form: adapted (kernel verbatim; BlockReduceSum/WarpReduceSum/Block1D and WARP_SHFL_DOWN verbatim; CUDA_KERNEL_ASSERT -> assert, at::_isnan -> ::isnan, C10_LAUNCH_BOUNDS_1(cuda::detail::CUDA_NUM_THREADS) -> __launch_bounds__(1024); instantiation <float,float> added)
// syncproof-args: --grid 1:528 --block 1024 --dynamic-smem 4096 --param distributions=1:2147483647 --param categories=993:2147483647 --param stride_dist=0:2147483647 --param stride_categories=0:2147483647
// corpus-expect: buggy race
// multinomial(n_sample=1): one block per distribution (grid-stride). Sum via BlockReduceSum, thread 0 broadcasts sum/sample
// through smem, then chunked inclusive prefix scans in smem (read / __syncthreads / write / __syncthreads) until some thread
// finds the bucket. The __shared__ bool found is reset with "found = false;" by *every* thread with no barrier before the
// chunk loop condition "!found" is read by the other threads, and several threads may store "found = true" in the same
// chunk: conflicting plain shared-memory accesses of different threads with no barrier between them -- a data race under the
// PTX memory model (benign in practice because the racing stores write the same value). (Also: thread 0's smem[1] = sampled[..]
// right after BlockReduceSum is ordered against lane 1's read of shared[1] inside it only by the shuffle data dependency.)
// Contract instance: categories > 992, so requiredThreads = 1024 and requiredShared = 4096.
// Host launch (multinomial_with_replacement_kernel_impl, n_sample == 1): dim3 block(requiredThreads = min(maxThreads, ceil_div(numCategories, warp_size) * warp_size));
//   dim3 grid(std::min(static_cast<int>(numDist), numSM * 4)); sampleMultinomialOnce<scalar_t, accscalar_t><<<grid, block, requiredShared, stream>>>(result, numDist, numCategories, sampled, self_v, self_v.stride(0), self_v.stride(1));
#include <cstdint>
#include <cassert>
#include <cmath>
#include <type_traits>

#define C10_WARP_SIZE 32
#define CUDA_KERNEL_ASSERT(cond) assert(cond)

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

// ---- adapted: c10 at::_isnan for float ----
inline __device__ bool _isnan(float x) { return ::isnan(x); }

} // namespace at

namespace at::native {

namespace {

// ---- aten/src/ATen/native/cuda/MultinomialKernel.cu (verbatim) ----
template <
    typename T,
    typename = std::enable_if_t<
        std::is_floating_point_v<T> || std::is_convertible_v<T, float>>>
inline __device__ bool _isinf(T x) {
  if constexpr (std::is_floating_point_v<T>) {
    return ::isinf(x);
  } else {
    return ::isinf(static_cast<float>(x));
  }
}

template <typename scalar_t, typename accscalar_t>
__launch_bounds__(1024)
__global__ void sampleMultinomialOnce(
    int64_t* dest,
    int64_t distributions,
    int categories,
    const scalar_t* sampled,
    const scalar_t* dist,
    int stride_dist, // dist->stride(0)
    int stride_categories // dist->stride(1)
) {
  extern __shared__  unsigned char my_smem[];
  __shared__ bool found;
  __shared__ unsigned foundPos;

  accscalar_t *smem = reinterpret_cast<accscalar_t *>(my_smem);

  accscalar_t accZero = static_cast<accscalar_t>(0);
  scalar_t zero = static_cast<scalar_t>(0);

  for (int64_t curDist = blockIdx.x;
       curDist < distributions; curDist += gridDim.x) {
    // Each block handles one distribution
    // First pass, find the total sum of the distribution
    accscalar_t sum = accZero;
    scalar_t val;
    for (int cat = threadIdx.x; cat < categories; cat += blockDim.x) {
      val = dist[curDist * stride_dist + cat * stride_categories];
      CUDA_KERNEL_ASSERT(!at::_isnan(val));
      CUDA_KERNEL_ASSERT(!_isinf(val));
      CUDA_KERNEL_ASSERT(!(val < zero));
      sum = sum + static_cast<accscalar_t>(val);
    }

    // threadIdx.x == 0 has the sum value from this
    sum = cuda_utils::BlockReduceSum(sum, smem);

    // Broadcast sum and sample value
    if (threadIdx.x == 0) {
      // Make sure the sum of our distribution didn't overflow
      CUDA_KERNEL_ASSERT(!_isinf(val));
      CUDA_KERNEL_ASSERT(sum > accZero);

      foundPos = 0;
      smem[0] = sum;
      smem[1] = sampled[curDist];
    }
    __syncthreads();

    sum = smem[0];
    scalar_t sample = static_cast<scalar_t>(smem[1]);
    __syncthreads();

    if (sum == accZero) {
      // Choose the first element
      if (threadIdx.x == 0) {
        dest[curDist] = 0;
      }

      continue;
    }

    int chunks = (categories + (int)blockDim.x - 1) / blockDim.x;
    accscalar_t prevHighProb = accZero;
    found = false;  // corpus-bug

    for (int chunk = 0; chunk < chunks && !found; ++chunk) {
      // All threads in bounds load a value
      int cat = chunk * blockDim.x + threadIdx.x;

      accscalar_t dist_val = cat < categories ?
                             static_cast<accscalar_t>(dist[curDist * stride_dist + cat * stride_categories]) / sum :
                             accZero;

      smem[threadIdx.x] = dist_val;
      __syncthreads();

      // Perform an inclusive prefix sum of the shared memory contents
      for (int offset = 1; offset < blockDim.x; offset *= 2) {
        accscalar_t val = accZero;

        if (threadIdx.x >= offset) {
          val = smem[threadIdx.x - offset] + smem[threadIdx.x];
        }

        __syncthreads();
        if (threadIdx.x >= offset) {
          smem[threadIdx.x] = val;
        }
        __syncthreads();
      }

      // Each thread will check to see if the sample falls in its
      // bucket
      scalar_t curBucket =
          static_cast<scalar_t>(smem[threadIdx.x] + prevHighProb);
      scalar_t prevBucket = static_cast<scalar_t>(
          threadIdx.x == 0 ? prevHighProb
                          : smem[threadIdx.x - 1] + prevHighProb);
      bool inBucket =
          (cat < categories) &&
          (!(sample >= curBucket) &&
          (sample >= prevBucket) &&
          (dist_val > zero));

      if (inBucket) {
        // We're done; we have the sample
        // Torch indices are 1-based
        atomicMax(&foundPos, cat);
        found = true;
      }

      // Store the previous scan's high value for future use
      prevHighProb = prevHighProb + smem[blockDim.x - 1];

      __syncthreads();
    }

    if (threadIdx.x == 0) {
      if (found) {
          dest[curDist] = foundPos;
      } else {
        // This should address a rare bug where we don't select a valid index. This likely occurs when
        // due to floating point arithmetic rounding errors, our cumulative sum does not add up to 1, but
        // and our uniform sample is greater than this value. In this case we likely have unitialized memory
        // in dest[curDist]. So basically we will loop through the distribution and pick the largest index
        // where the distribution is non-zero. This is obviously terribly inefficient, but due to the
        // rarity in which this occurs, this should not be an issue.
        for (int cat = categories - 1; cat >= 0; --cat) {
          if (dist[curDist * stride_dist + cat * stride_categories] > zero) {
            dest[curDist] = cat;
            break;
          }
        }
      }
    }
  }
}

// ---- instantiation (added): AT_DISPATCH_FLOATING_TYPES_AND_HALF with scalar_t = accscalar_t = float ----
template __global__ void sampleMultinomialOnce<float, float>(int64_t*, int64_t, int, const float*, const float*, int, int);

} // namespace
} // namespace at::native
