// corpus-source: vllm-project/vllm@320a622ec4d098f2da5d097930f4031517e7327b:csrc/pos_encoding_kernels.cu [rotary_embedding_kernel, apply_rotary_embedding]
// corpus-form: verbatim (torch includes dropped; instantiation <float, true> added)
// syncproof-args: --grid 1:2147483647 --block 512 --param rot_dim=128 --param query_stride=4096 --param key_stride=4096 --param num_heads=32 --param num_kv_heads=32 --param head_size=128
// corpus-expect: correct
// Rotary position embedding in place, one block per token. Contract instance: a Llama-7B-shaped model (32 heads of 128,
// rot_dim 128, contiguous q/k so stride = 32*128), for which the host picks block = min(num_heads*rot_dim/2, 512) = 512.
// Each (head, rot_offset) pair is owned by one thread, which reads and rewrites the two elements x_index / y_index
// (NeoX layout: rot_offset and rot_offset + 64); tokens are disjoint rows. No shared memory, no barriers.
// Host launch (rotary_embedding): dim3 grid(num_tokens); dim3 block(std::min(num_heads * rot_dim / 2, 512));
//   vllm::rotary_embedding_kernel<scalar_t, true><<<grid, block, 0, stream>>>(positions, query, key, cos_sin_cache, rot_dim, query_stride, key_stride, num_heads, num_kv_heads, head_size);
#include <cstdint>

namespace vllm {

// ---- csrc/pos_encoding_kernels.cu (verbatim) ----
template<typename scalar_t, bool IS_NEOX>
inline __device__ void apply_rotary_embedding(
  scalar_t* __restrict__ arr,
  const scalar_t* __restrict__ cos_ptr,
  const scalar_t* __restrict__ sin_ptr,
  int rot_offset,
  int embed_dim)
{
  int x_index, y_index;
  scalar_t cos, sin;
  if (IS_NEOX) {
    // GPT-NeoX style rotary embedding.
    x_index = rot_offset;
    y_index = embed_dim + rot_offset;
    cos = __ldg(cos_ptr + x_index);
    sin = __ldg(sin_ptr + x_index);
  } else {
    // GPT-J style rotary embedding.
    x_index = 2 * rot_offset;
    y_index = 2 * rot_offset + 1;
    cos = __ldg(cos_ptr + x_index / 2);
    sin = __ldg(sin_ptr + x_index / 2);
  }

  const scalar_t x = arr[x_index];
  const scalar_t y = arr[y_index];
  arr[x_index] = x * cos - y * sin;
  arr[y_index] = y * cos + x * sin;
}

template<typename scalar_t, bool IS_NEOX>
__global__ void rotary_embedding_kernel(
  const int64_t* __restrict__ positions,        // [num_tokens]
  scalar_t* __restrict__ query,                 // [num_tokens, num_heads, head_size]
  scalar_t* __restrict__ key,                   // [num_tokens, num_kv_heads, head_size]
  const scalar_t* __restrict__ cos_sin_cache,   // [max_position, 2, rot_dim // 2]
  const int rot_dim,
  const int query_stride,
  const int key_stride,
  const int num_heads,
  const int num_kv_heads,
  const int head_size) {
  // Each thread block is responsible for one token.
  const int token_idx = blockIdx.x;
  int64_t pos = positions[token_idx];
  const scalar_t* cache_ptr = cos_sin_cache + pos * rot_dim;

  const int embed_dim = rot_dim / 2;
  const scalar_t* cos_ptr = cache_ptr;
  const scalar_t* sin_ptr = cache_ptr + embed_dim;

  const int nq = num_heads * embed_dim;
  for (int i = threadIdx.x; i < nq; i += blockDim.x) {
    const int head_idx = i / embed_dim;
    const int token_head = token_idx * query_stride + head_idx * head_size;
    const int rot_offset = i % embed_dim;
    apply_rotary_embedding<scalar_t, IS_NEOX>(query + token_head, cos_ptr,
                                              sin_ptr, rot_offset, embed_dim);
  }

  const int nk = num_kv_heads * embed_dim;
  for (int i = threadIdx.x; i < nk; i += blockDim.x) {
    const int head_idx = i / embed_dim;
    const int token_head = token_idx * key_stride + head_idx * head_size;
    const int rot_offset = i % embed_dim;
    apply_rotary_embedding<scalar_t, IS_NEOX>(key + token_head, cos_ptr,
                                              sin_ptr, rot_offset, embed_dim);
  }
}

// ---- instantiation (added): VLLM_DISPATCH_FLOATING_TYPES with scalar_t = float, is_neox = true ----
template __global__ void rotary_embedding_kernel<float, true>(const int64_t* __restrict__, float* __restrict__,
                                                             float* __restrict__, const float* __restrict__,
                                                             const int, const int, const int, const int, const int, const int);

} // namespace vllm
