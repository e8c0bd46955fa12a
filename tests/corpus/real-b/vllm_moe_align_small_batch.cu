// corpus-source: vllm-project/vllm@1377b4e02fb7ea047d1d714258d90f300008214a:csrc/moe/moe_align_sum_kernels.cu [moe_align_block_size_small_batch_expert_kernel]
// corpus-form: verbatim (torch includes dropped; instantiation <int32_t, 256> added)
// syncproof-args: --grid 1 --block 288:320 --dynamic-smem 16900 --param num_experts=1:64 --param block_size=1:1024 --param numel=0:1023 --param max_num_tokens_padded=0:2147483647 --param topk_num=1:64
// corpus-expect: buggy divergence
// Small-batch MoE alignment in one block: threads < fill_threads (256) pre-fill sorted_token_ids and then execute three
// __syncthreads() of their own before returning; the other threads count tokens per expert in per-thread shared rows,
// column-prefix, thread 0 builds cumsum, and they meet the fill threads through three *different* __syncthreads() calls.
// Data accesses are ordered (the fill writes precede the first barrier), but __syncthreads is bar.sync 0 =
// barrier.sync.aligned: all threads of the CTA must execute the same barrier instruction, and the CUDA Programming Guide only
// allows __syncthreads where the condition evaluates identically across the block. Here threadIdx.x < fill_threads splits the
// block, so the barriers are divergent (undefined; works today only because the split falls on warp boundaries).
// Host launch (moe_align_block_size, small_batch_expert_mode: numel < 1024 && num_experts <= 64): threads = max((int32_t)num_experts, WARP_SIZE);
//   shared_mem_size = ((threads + 1) * num_experts + (num_experts + 1)) * sizeof(int32_t);  fill_threads = 256;
//   small_batch_expert_kernel<<<1, fill_threads + threads, shared_mem_size, stream>>>(topk_ids, sorted_token_ids, experts_ids, num_tokens_post_pad, expert_map, num_experts, block_size, numel, sorted_token_ids.size(0), topk_ids.size(1), has_expert_map);
#include <cstdint>
#include <cstddef>

#define CEILDIV(x, y) (((x) + (y) - 1) / (y))

namespace vllm {
namespace moe {

// ---- csrc/moe/moe_align_sum_kernels.cu (verbatim) ----
template <typename scalar_t, int32_t fill_threads>
__global__ void moe_align_block_size_small_batch_expert_kernel(
    const scalar_t* __restrict__ topk_ids,
    int32_t* __restrict__ sorted_token_ids, int32_t* __restrict__ expert_ids,
    int32_t* __restrict__ total_tokens_post_pad,
    int32_t* __restrict__ expert_map, int32_t num_experts, int32_t block_size,
    size_t numel, int32_t max_num_tokens_padded, int32_t topk_num,
    bool has_expert_map) {
  const int32_t max_num_m_blocks = CEILDIV(max_num_tokens_padded, block_size);

  // Use an additional group of threads to fill sorted_token_ids.
  // Since the current kernel will use sorted_token_ids afterward,
  // we fill sorted_token_ids within the same threadblock to make
  // synchronization easier.
  if (threadIdx.x < fill_threads) {
    // Initialize sorted_token_ids with numel
    for (size_t it = threadIdx.x; it < max_num_tokens_padded;
         it += fill_threads) {
      sorted_token_ids[it] = numel;
    }
    // Three __syncthreads() corresponding to the other threads
    __syncthreads();  // corpus-bug
    __syncthreads();
    __syncthreads();
    return;
  }

  const size_t tid = threadIdx.x - fill_threads;
  const size_t stride = blockDim.x - fill_threads;

  extern __shared__ int32_t shared_mem[];
  int32_t* cumsum = shared_mem;
  int32_t* tokens_cnts = (int32_t*)(shared_mem + num_experts + 1);

  for (int i = 0; i < num_experts; ++i) {
    tokens_cnts[(tid + 1) * num_experts + i] = 0;
  }

  for (size_t i = tid; i < numel; i += stride) {
    int32_t expert_id = topk_ids[i];
    if (has_expert_map) {
      expert_id = expert_map[expert_id];
      // filter invalid expert
      if (expert_id == -1) continue;
    }
    ++tokens_cnts[(tid + 1) * num_experts + expert_id];
  }

  __syncthreads();

  if (tid < num_experts) {
    tokens_cnts[tid] = 0;
    for (int i = 1; i <= stride; ++i) {
      tokens_cnts[i * num_experts + tid] +=
          tokens_cnts[(i - 1) * num_experts + tid];
    }
  }

  __syncthreads();

  if (tid == 0) {
    cumsum[0] = 0;
    for (int i = 1; i <= num_experts; ++i) {
      cumsum[i] =
          cumsum[i - 1] +
          CEILDIV(tokens_cnts[stride * num_experts + i - 1], block_size) *
              block_size;
    }
    total_tokens_post_pad[0] = static_cast<int32_t>(cumsum[num_experts]);
  }

  __syncthreads();

  if (tid < num_experts) {
    for (int i = cumsum[tid]; i < cumsum[tid + 1]; i += block_size) {
      expert_ids[i / block_size] = tid;
    }
  }

  // Fill remaining expert_ids with 0
  const size_t fill_start_idx = cumsum[num_experts] / block_size + tid;
  for (size_t i = fill_start_idx; i < max_num_m_blocks; i += stride) {
    expert_ids[i] = 0;
  }

  for (size_t i = tid; i < numel; i += stride) {
    int32_t expert_id = topk_ids[i];
    if (has_expert_map) {
      expert_id = expert_map[expert_id];
      // filter invalid expert
      if (expert_id == -1) continue;
    }
    int32_t rank_post_pad =
        tokens_cnts[tid * num_experts + expert_id] + cumsum[expert_id];

    sorted_token_ids[rank_post_pad] = i;
    ++tokens_cnts[tid * num_experts + expert_id];
  }
}

// ---- instantiation (added): scalar_t = int32_t, fill_threads = 256 ----
template __global__ void moe_align_block_size_small_batch_expert_kernel<int32_t, 256>(
    const int32_t* __restrict__, int32_t* __restrict__, int32_t* __restrict__, int32_t* __restrict__,
    int32_t* __restrict__, int32_t, int32_t, size_t, int32_t, int32_t, bool);

}  // namespace moe
}  // namespace vllm
