// corpus-source: vllm-project/vllm@1377b4e02fb7ea047d1d714258d90f300008214a:csrc/moe/moe_align_sum_kernels.cu [moe_align_block_size_kernel]
// corpus-form: verbatim (WARP_SIZE=32 as in csrc/cuda_compat.h for CUDA; torch includes dropped; instantiation <int32_t> added)
// syncproof-args: --grid 2 --block 1024 --dynamic-smem 3968 --param num_experts=1:992 --param padded_num_experts=32:992 --param experts_per_warp=32 --param block_size=1:1024 --param numel=0:2147483647 --param max_num_tokens_padded=0:2147483647 --param topk_num=1:64
// corpus-expect: correct
// MoE token alignment. Block 1 only pre-fills sorted_token_ids and returns (block-uniform); block 0 zeroes per-expert shared
// counters (one warp per 32 experts), __syncthreads, counts with shared atomicAdd, __syncthreads, cub::BlockScan<int,1024>
// exclusive sum, writes cumsum[] to global, __syncthreads, then each expert thread fills its own expert_ids range.
// Host launch (moe_align_block_size, !small_batch_expert_mode): threads = 1024; shared_mem_size = CEILDIV(padded_num_experts, 32) * 32 * sizeof(int32_t);
//   align_kernel<<<2, threads, shared_mem_size, stream>>>(topk_ids, sorted_token_ids, experts_ids, num_tokens_post_pad, expert_map, num_experts, padded_num_experts, experts_per_warp, block_size, numel, cumsum_buffer, sorted_token_ids.size(0), topk_ids.size(1), has_expert_map);
//   (TORCH_CHECK(padded_num_experts < 1024))
#include <cstdint>
#include <cstddef>
#include <cub/cub.cuh>

#define WARP_SIZE 32

#define CEILDIV(x, y) (((x) + (y) - 1) / (y))

namespace vllm {
namespace moe {

// ---- csrc/moe/moe_align_sum_kernels.cu (verbatim) ----
template <typename scalar_t>
__global__ void moe_align_block_size_kernel(
    const scalar_t* __restrict__ topk_ids,
    int32_t* __restrict__ sorted_token_ids, int32_t* __restrict__ expert_ids,
    int32_t* __restrict__ total_tokens_post_pad,
    int32_t* __restrict__ expert_map, int32_t num_experts,
    int32_t padded_num_experts, int32_t experts_per_warp, int32_t block_size,
    size_t numel, int32_t* __restrict__ cumsum, int32_t max_num_tokens_padded,
    int32_t topk_num, bool has_expert_map) {
  extern __shared__ int32_t shared_counts[];

  const int32_t max_num_m_blocks = CEILDIV(max_num_tokens_padded, block_size);

  // Use separate threadblocks to fill sorted_token_ids.
  // This is safe since the current kernel does not use sorted_token_ids.
  if (blockIdx.x % 2) {
    // Initialize sorted_token_ids with numel
    for (size_t it = threadIdx.x; it < max_num_tokens_padded;
         it += blockDim.x) {
      sorted_token_ids[it] = numel;
    }
    return;
  }

  const int warp_id = threadIdx.x / WARP_SIZE;
  const int my_expert_start = warp_id * experts_per_warp;

  for (int i = 0; i < experts_per_warp; ++i) {
    if (my_expert_start + i < padded_num_experts) {
      shared_counts[warp_id * experts_per_warp + i] = 0;
    }
  }

  __syncthreads();

  const size_t tid = threadIdx.x;
  const size_t stride = blockDim.x;

  for (size_t i = tid; i < numel; i += stride) {
    int expert_id = topk_ids[i];
    if (expert_id >= num_experts) {
      continue;
    }
    if (has_expert_map) {
      expert_id = expert_map[expert_id];
      // filter invalid experts
      if (expert_id == -1) continue;
    }
    int warp_idx = expert_id / experts_per_warp;
    int expert_offset = expert_id % experts_per_warp;
    atomicAdd(&shared_counts[warp_idx * experts_per_warp + expert_offset], 1);
  }

  __syncthreads();

  // Compute prefix sum over token counts per expert
  using BlockScan = cub::BlockScan<int32_t, 1024>;
  __shared__ typename BlockScan::TempStorage temp_storage;

  int expert_count = 0;
  int expert_id = threadIdx.x;
  if (expert_id < num_experts) {
    int warp_idx = expert_id / experts_per_warp;
    int expert_offset = expert_id % experts_per_warp;
    expert_count = shared_counts[warp_idx * experts_per_warp + expert_offset];
    expert_count = CEILDIV(expert_count, block_size) * block_size;
  }

  int cumsum_val;
  BlockScan(temp_storage).ExclusiveSum(expert_count, cumsum_val);
  if (expert_id <= num_experts) {
    cumsum[expert_id] = cumsum_val;
  }

  if (expert_id == num_experts) {
    total_tokens_post_pad[0] = cumsum_val;
  }

  __syncthreads();

  if (threadIdx.x < num_experts) {
    for (int i = cumsum[threadIdx.x]; i < cumsum[threadIdx.x + 1];
         i += block_size) {
      expert_ids[i / block_size] = threadIdx.x;
    }
  }

  // Fill remaining expert_ids with 0
  const size_t fill_start_idx = cumsum[num_experts] / block_size + threadIdx.x;
  for (size_t i = fill_start_idx; i < max_num_m_blocks; i += blockDim.x) {
    expert_ids[i] = 0;
  }
}

// ---- instantiation (added): VLLM_DISPATCH_INTEGRAL_AND_UNSIGNED_TYPES with scalar_t = int32_t ----
template __global__ void moe_align_block_size_kernel<int32_t>(
    const int32_t* __restrict__, int32_t* __restrict__, int32_t* __restrict__, int32_t* __restrict__,
    int32_t* __restrict__, int32_t, int32_t, int32_t, int32_t, size_t, int32_t* __restrict__, int32_t, int32_t, bool);

}  // namespace moe
}  // namespace vllm
