// corpus-source: ggml-org/llama.cpp@ab3713707ee21b42a954ba360adcf1076279739f:ggml/src/ggml-cuda/norm.cu [rms_norm_back_f32]; ggml-org/llama.cpp@22c7f85b9cf9f546ca0013afd581a68b15b75766:ggml/src/ggml-cuda/common.cuh [warp_reduce_sum]
// corpus-form: verbatim (WARP_SIZE and the float warp_reduce_sum inlined verbatim from common.cuh; instantiation <1024> added)
// syncproof-args: --grid 1:2147483647 --block 1024 --param ncols=1024:2147483647
// corpus-expect: correct
// RMSNorm backward, one 1024-thread block per row (blockDim.y = 1, so row = blockIdx.x): two sums reduced together -- warp
// shuffles, lane 0 of each warp stores into s_sum_xx / s_sum_xg, one __syncthreads, every thread re-reduces both arrays
// (each lane reads slot lane_id). Shared memory is written once and only read after the barrier.
// Host launch (rms_norm_back_f32_cuda, ncols >= 1024): const dim3 block_dims(1024, 1, 1);
//   rms_norm_back_f32<1024><<<nrows, block_dims, 0, stream>>>(grad, xf, dst, ncols, eps);
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
static __global__ void rms_norm_back_f32(
        const float * grad, const float * xf, float * dst, const int ncols, const float eps) {
    const int row = blockIdx.x*blockDim.y + threadIdx.y;
    const int tid = threadIdx.x;

    grad += int64_t(row)*ncols;
    xf   += int64_t(row)*ncols;
    dst  += int64_t(row)*ncols;

    float sum_xx = 0.0f; // sum for squares of x, equivalent to forward pass
    float sum_xg = 0.0f; // sum for x * gradient, needed because RMS norm mixes inputs

    for (int col = tid; col < ncols; col += block_size) {
        const float xfi = xf[col];
        sum_xx += xfi * xfi;
        sum_xg += xfi * grad[col];
    }

    // sum up partial sums
    sum_xx = warp_reduce_sum(sum_xx);
    sum_xg = warp_reduce_sum(sum_xg);
    if constexpr (block_size > WARP_SIZE) {
        static_assert(block_size == 1024, "unexpected block_size");
        __shared__ float s_sum_xx[32];
        __shared__ float s_sum_xg[32];
        const int warp_id = threadIdx.x / WARP_SIZE;
        const int lane_id = threadIdx.x % WARP_SIZE;
        if (lane_id == 0) {
            s_sum_xx[warp_id] = sum_xx;
            s_sum_xg[warp_id] = sum_xg;
        }
        __syncthreads();

        sum_xx = s_sum_xx[lane_id];
        sum_xx = warp_reduce_sum(sum_xx);

        sum_xg = s_sum_xg[lane_id];
        sum_xg = warp_reduce_sum(sum_xg);
    }

    const float mean_eps = sum_xx / ncols + eps;
    const float sum_eps  = sum_xx + ncols*eps;

    const float scale_grad = rsqrtf(mean_eps);
    const float scale_x    = -scale_grad * sum_xg/sum_eps;

    for (int col = tid; col < ncols; col += block_size) {
        dst[col] = scale_grad*grad[col] + scale_x*xf[col];
    }
}

// ---- instantiation (added) ----
template __global__ void rms_norm_back_f32<1024>(const float *, const float *, float *, const int, const float);
