// corpus-source: vllm-project/vllm@693083ae80680811c9c2a22edad2568e6635e190:csrc/cache_kernels.cu [reshape_and_cache_kernel]
// corpus-form: adapted (kernel verbatim; Fp8KVCacheDataType enum and a declaration of fp8::scaled_convert re-declared from csrc/quantization/fp8/nvidia/quant_utils.cuh (only used in the discarded fp8 branch); instantiation <float, float, kAuto> added)
// syncproof-args: --grid 1:2147483647 --block 512 --param key_stride=4096 --param value_stride=4096 --param num_heads=32 --param head_size=128 --param block_size=16 --param x=4 --distinct-elements slot_mapping>=0 --element-range slot_mapping=-1:16777215
// corpus-expect: correct
// Paged KV-cache write: one block per token scatters its K/V rows into the slot given by slot_mapping[token] (padding tokens
// with slot -1 return at once, block-uniformly). Within a block each thread owns distinct (head, offset) elements. Across
// blocks the targets are disjoint because vLLM's block manager hands out each slot to at most one token per step
// (slot_mapping is injective over non-negative entries) -- a data-dependent host invariant, which the contract states
// (--distinct-elements slot_mapping>=0), with the slots' bound (--element-range: -1 for padding, fewer than 2^24 slots,
// 256 GiB of key cache at this head shape; without a bound, distinct 64-bit slots 2^50 apart wrap around onto one
// offset). Contract instance: a 32x128-head
// model with 16-token pages and x = 16 bytes / sizeof(float) = 4; block = min(num_heads * head_size, 512) = 512.
// Host launch (reshape_and_cache): dim3 grid(num_tokens); dim3 block(std::min(num_heads * head_size, 512));
//   vllm::reshape_and_cache_kernel<KV_T, CACHE_T, KV_DTYPE><<<grid, block, 0, stream>>>(key, value, key_cache, value_cache, slot_mapping, key_stride, value_stride, num_heads, head_size, block_size, x, k_scale, v_scale);
#include <cstdint>

namespace vllm {

// ---- csrc/quantization/fp8/nvidia/quant_utils.cuh / attention dtypes (declarations only) ----
enum class Fp8KVCacheDataType {
  kAuto = 0,
  kFp8E4M3 = 1,
  kFp8E5M2 = 2,
};

namespace fp8 {
template <typename Tout, typename Tin, Fp8KVCacheDataType kv_dt>
__device__ Tout scaled_convert(const Tin& x, const float scale);
}  // namespace fp8

// ---- csrc/cache_kernels.cu (verbatim) ----
template <typename scalar_t, typename cache_t, Fp8KVCacheDataType kv_dt>
__global__ void reshape_and_cache_kernel(
    const scalar_t* __restrict__ key,    // [num_tokens, num_heads, head_size]
    const scalar_t* __restrict__ value,  // [num_tokens, num_heads, head_size]
    cache_t* __restrict__ key_cache,     // [num_blocks, num_heads, head_size/x,
                                         // block_size, x]
    cache_t* __restrict__ value_cache,   // [num_blocks, num_heads, head_size,
                                         // block_size]
    const int64_t* __restrict__ slot_mapping,  // [num_tokens]
    const int key_stride, const int value_stride, const int num_heads,
    const int head_size, const int block_size, const int x, const float k_scale,
    const float v_scale) {
  const int64_t token_idx = blockIdx.x;
  const int64_t slot_idx = slot_mapping[token_idx];
  if (slot_idx < 0) {
    // Padding token that should be ignored.
    return;
  }

  const int64_t block_idx = slot_idx / block_size;
  const int64_t block_offset = slot_idx % block_size;

  const int n = num_heads * head_size;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    const int64_t src_key_idx = token_idx * key_stride + i;
    const int64_t src_value_idx = token_idx * value_stride + i;

    const int head_idx = i / head_size;
    const int head_offset = i % head_size;
    const int x_idx = head_offset / x;
    const int x_offset = head_offset % x;

    const int64_t tgt_key_idx =
        block_idx * num_heads * (head_size / x) * block_size * x +
        head_idx * (head_size / x) * block_size * x + x_idx * block_size * x +
        block_offset * x + x_offset;
    const int64_t tgt_value_idx =
        block_idx * num_heads * head_size * block_size +
        head_idx * head_size * block_size + head_offset * block_size +
        block_offset;
    scalar_t tgt_key = key[src_key_idx];
    scalar_t tgt_value = value[src_value_idx];
    if constexpr (kv_dt == Fp8KVCacheDataType::kAuto) {
      key_cache[tgt_key_idx] = tgt_key;
      value_cache[tgt_value_idx] = tgt_value;
    } else {
      key_cache[tgt_key_idx] =
          fp8::scaled_convert<cache_t, scalar_t, kv_dt>(tgt_key, k_scale);
      value_cache[tgt_value_idx] =
          fp8::scaled_convert<cache_t, scalar_t, kv_dt>(tgt_value, v_scale);
    }
  }
}

// ---- instantiation (added): DISPATCH_BY_KV_CACHE_DTYPE, kv_cache_dtype "auto", float ----
template __global__ void reshape_and_cache_kernel<float, float, Fp8KVCacheDataType::kAuto>(
    const float* __restrict__, const float* __restrict__, float* __restrict__, float* __restrict__,
    const int64_t* __restrict__, const int, const int, const int, const int, const int, const int, const float,
    const float);

}  // namespace vllm
