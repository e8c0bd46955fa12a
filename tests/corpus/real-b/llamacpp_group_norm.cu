// corpus-source: ggml-org/llama.cpp@ab3713707ee21b42a954ba360adcf1076279739f:ggml/src/ggml-cuda/norm.cu [group_norm_f32]; ggml-org/llama.cpp@22c7f85b9cf9f546ca0013afd581a68b15b75766:ggml/src/ggml-cuda/common.cuh [warp_reduce_sum]
// corpus-form: verbatim (WARP_SIZE and the float warp_reduce_sum inlined verbatim from common.cuh; instantiation <1024> added)
// syncproof-args: --grid 1:65535 --block 1024 --param group_size=1024:32768 --param ne_elements=0:2147483647
// corpus-expect: correct
// GroupNorm, one block of 1024 per group: two block reductions (mean, then variance). Each reduction is warp shuffles,
// lane 0 of every warp stores into a __shared__ float s_sum[32], __syncthreads, every thread reads s_sum[lane_id]. The two
// reductions use two *different* __shared__ arrays (each declared in its own block scope), so the second reduction's
// stores cannot clobber values the first one is still reading; between them each thread only touches its own dst[j].
// Host launch (group_norm_f32_cuda, group_size >= 1024): const dim3 block_dims(1024, 1, 1);
//   group_norm_f32<1024><<<num_groups, block_dims, 0, stream>>>(x, dst, group_size, ne_elements, eps);   (num_groups = groups * ne3)
#include <cstdint>

#define WARP_SIZE 32

// ---- ggml/src/ggml-cuda/common.cuh (verbatim) ----
template<int width = WARP_SIZE>
static __device__ __forceinline__ float warp_reduce_sum(float x) {
#pragma unroll
    for (int offset = width/2; offset > 0; offset >>= 1) {
        x += __shfl_xor_sync(0xffffffff, x, offset, width);
    }
    return x;
}

// ---- ggml/src/ggml-cuda/norm.cu (verbatim) ----
template <int block_size>
static __global__ void group_norm_f32(const float * x, float * dst, const int group_size, const int ne_elements, const float eps) {
    // blockIdx.x: num_groups idx
    // threadIdx.x: block_size idx
    const int start =     blockIdx.x*group_size + threadIdx.x;
    const int end   = min(blockIdx.x*group_size + group_size,  ne_elements);

    float tmp = 0.0f; // partial sum for thread in warp

    for (int j = start; j < end; j += block_size) {
        tmp += x[j];
    }

    tmp = warp_reduce_sum(tmp);
    if constexpr (block_size > WARP_SIZE) {
        static_assert(block_size == 1024, "unexpected block_size");
        __shared__ float s_sum[32];
        const int warp_id = threadIdx.x / WARP_SIZE;
        const int lane_id = threadIdx.x % WARP_SIZE;
        if (lane_id == 0) {
            s_sum[warp_id] = tmp;
        }
        __syncthreads();
        tmp = s_sum[lane_id];
        tmp = warp_reduce_sum(tmp);
    }

    const float mean = tmp / group_size;
    tmp = 0.0f;

    for (int j = start; j < end; j += block_size) {
        const float xi = x[j] - mean;
        dst[j] = xi;
        tmp += xi * xi;
    }

    tmp = warp_reduce_sum(tmp);
    if (block_size > WARP_SIZE) {
        __shared__ float s_sum[32];
        const int warp_id = threadIdx.x / WARP_SIZE;
        const int lane_id = threadIdx.x % WARP_SIZE;
        if (lane_id == 0) {
            s_sum[warp_id] = tmp;
        }
        __syncthreads();
        tmp = s_sum[lane_id];
        tmp = warp_reduce_sum(tmp);
    }

    const float variance = tmp / group_size;
    const float scale = rsqrtf(variance + eps);
    for (int j = start; j < end; j += block_size) {
        dst[j] *= scale;
    }
}

// ---- instantiation (added) ----
template __global__ void group_norm_f32<1024>(const float *, float *, const int, const int, const float);
