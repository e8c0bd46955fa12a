// corpus-source: vllm-project/vllm@c66917853995af6fb7c37c5f11501eb3f32ef4cf:csrc/layernorm_kernels.cu [rms_norm_kernel, fused_add_rms_norm_kernel (generic width==0 overload)]
// corpus-form: adapted (kernels verbatim; the primary _typeConvert template (exists = false) re-declared from csrc/type_convert.cuh; the packed FP16/BF16 overload of fused_add_rms_norm_kernel (needs _f16Vec) dropped; cub::Sum aliased to cuda::std::plus<> because CUDA 13 CCCL removed it; instantiations for float added)
// syncproof-args: --grid 1:2147483647 --block 1:1024 --param num_tokens=1:2147483647 --param hidden_size=1:1048576
// corpus-expect: correct
// RMSNorm, one block per token: per-thread sum of squares, cub::BlockReduce<float,1024>::Reduce(..., blockDim.x), thread 0
// stores rsqrt into __shared__ s_variance, __syncthreads, all threads scale their elements. The fused variant first adds the
// residual in place (each thread its own strided elements) and later reads back only its own elements.
// Host launch (rms_norm): dim3 grid(num_tokens); dim3 block(std::min(hidden_size, 1024)); vllm::rms_norm_kernel<scalar_t><<<grid, block, 0, stream>>>(out, input, weight, epsilon, num_tokens, hidden_size);
// Host launch (fused_add_rms_norm): max_block_size = (num_tokens < 256) ? 1024 : 256; dim3 block(std::min(hidden_size, max_block_size));
//   vllm::fused_add_rms_norm_kernel<scalar_t, width><<<grid, block, 0, stream>>>(input, residual, weight, epsilon, num_tokens, hidden_size);  (width 0 for float)
#include <type_traits>
#include <cub/cub.cuh>
#include <cuda/std/functional>

// ---- compat shim (added): CUDA 13 CCCL removed cub::Sum, which the original (built against CUDA 12) uses ----
namespace cub { using Sum = ::cuda::std::plus<>; }

namespace vllm {

// ---- csrc/type_convert.cuh: primary template (only float is used here) ----
template <typename T>
struct _typeConvert {
  static constexpr bool exists = false;
};

// ---- csrc/layernorm_kernels.cu (verbatim) ----
// TODO(woosuk): Further optimize this kernel.
template <typename scalar_t>
__global__ void rms_norm_kernel(
    scalar_t* __restrict__ out,           // [..., hidden_size]
    const scalar_t* __restrict__ input,   // [..., hidden_size]
    const scalar_t* __restrict__ weight,  // [hidden_size]
    const float epsilon, const int num_tokens, const int hidden_size) {
  __shared__ float s_variance;
  float variance = 0.0f;

  for (int idx = threadIdx.x; idx < hidden_size; idx += blockDim.x) {
    const float x = (float)input[blockIdx.x * hidden_size + idx];
    variance += x * x;
  }

  using BlockReduce = cub::BlockReduce<float, 1024>;
  __shared__ typename BlockReduce::TempStorage reduceStore;
  variance = BlockReduce(reduceStore).Reduce(variance, cub::Sum{}, blockDim.x);

  if (threadIdx.x == 0) {
    s_variance = rsqrtf(variance / hidden_size + epsilon);
  }
  __syncthreads();

  for (int idx = threadIdx.x; idx < hidden_size; idx += blockDim.x) {
    float x = (float)input[blockIdx.x * hidden_size + idx];
    out[blockIdx.x * hidden_size + idx] =
        ((scalar_t)(x * s_variance)) * weight[idx];
  }
}

/* Generic fused_add_rms_norm_kernel
   The width field is not used here but necessary for other specializations.
 */
template <typename scalar_t, int width>
__global__ std::enable_if_t<(width == 0) || !_typeConvert<scalar_t>::exists>
fused_add_rms_norm_kernel(
    scalar_t* __restrict__ input,         // [..., hidden_size]
    scalar_t* __restrict__ residual,      // [..., hidden_size]
    const scalar_t* __restrict__ weight,  // [hidden_size]
    const float epsilon, const int num_tokens, const int hidden_size) {
  __shared__ float s_variance;
  float variance = 0.0f;

  for (int idx = threadIdx.x; idx < hidden_size; idx += blockDim.x) {
    scalar_t z = input[blockIdx.x * hidden_size + idx];
    z += residual[blockIdx.x * hidden_size + idx];
    float x = (float)z;
    variance += x * x;
    residual[blockIdx.x * hidden_size + idx] = z;
  }

  using BlockReduce = cub::BlockReduce<float, 1024>;
  __shared__ typename BlockReduce::TempStorage reduceStore;
  variance = BlockReduce(reduceStore).Reduce(variance, cub::Sum{}, blockDim.x);

  if (threadIdx.x == 0) {
    s_variance = rsqrtf(variance / hidden_size + epsilon);
  }
  __syncthreads();

  for (int idx = threadIdx.x; idx < hidden_size; idx += blockDim.x) {
    float x = (float)residual[blockIdx.x * hidden_size + idx];
    input[blockIdx.x * hidden_size + idx] =
        ((scalar_t)(x * s_variance)) * weight[idx];
  }
}

// ---- instantiations (added): VLLM_DISPATCH_FLOATING_TYPES with scalar_t = float ----
template __global__ void rms_norm_kernel<float>(float* __restrict__, const float* __restrict__, const float* __restrict__,
                                                const float, const int, const int);
template __global__ void fused_add_rms_norm_kernel<float, 0>(float* __restrict__, float* __restrict__,
                                                             const float* __restrict__, const float, const int, const int);

}  // namespace vllm
