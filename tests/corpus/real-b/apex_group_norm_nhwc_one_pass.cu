// corpus-source: NVIDIA/apex@6424da3b4faa6c8f062da4a48c424fff3f02d42d:apex/contrib/csrc/group_norm/group_norm_nhwc_fwd_one_pass_kernel.cuh [group_norm_nhwc_fwd_one_pass_kernel]; apex/contrib/csrc/group_norm/group_norm_nhwc.h [spin_wait_, Group_norm_nhwc_fwd_params]; apex/contrib/csrc/group_norm/traits.h [Fp32, Fp32IOFp32W]
// corpus-form: verbatim (group_norm_nhwc.h lines 1-131 and the Fp32 / Fp32IOFp32W traits copied verbatim; instantiation <Fp32IOFp32W, 128, 32, 512> added)
// syncproof-args: --grid 1:16,1:32 --block 512 --cooperative
// corpus-expect: correct
// Persistent one-pass GroupNorm (NHWC). The gridDim.x CTAs of a slice each reduce their part (cub::BlockReduce), then thread 0
// publishes the partial sums in a double-buffered global red_buffer[step & 1] and meets the other CTAs of its blockIdx.y on a
// counting barrier (spin_wait_: red.release.gpu add +1/-1, spin with ld.acquire.gpu until gridDim.x / 0; the 4-phase up/down
// on two counters keeps a fast CTA from disturbing a phase others still wait on); after __syncthreads thread 0 adds the
// peers' partials. A buffer is rewritten two steps later, after every CTA has passed the next barrier. Co-residency comes
// from the cooperative launch used whenever grid.x > 1.
// Host launch (GN_ONE_PASS_RUN_FUNCTION in macros.h): if (grid.x > 1) cudaLaunchCooperativeKernel((const void*)kernel, grid, dim3(THREADS_PER_BLOCK), (void**)&params_, 0, stream);
//   else cudaLaunchKernel(...);  grid.x = div_up(hw, acts_per_block), grid.y = min(max_blocks_per_grid / grid.x, groups * n) (group_norm_nhwc_fwd_one_pass_setup)

// ---- apex/contrib/csrc/group_norm/group_norm_nhwc.h (verbatim, lines 1-131) ----
/*
 * SPDX-FileCopyrightText: Copyright (c) 2025 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
 * SPDX-License-Identifier: BSD-3-Clause
 */
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime_api.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

////////////////////////////////////////////////////////////////////////////////////////////////////

#define CHECK_CUDA(call)                                                                            \
  do {                                                                                              \
    cudaError_t status_ = call;                                                                     \
    if (status_ != cudaSuccess) {                                                                   \
      fprintf(stderr, "CUDA error (%s:%d): %s\n", __FILE__, __LINE__, cudaGetErrorString(status_)); \
      exit(1);                                                                                      \
    }                                                                                               \
  } while (0)

////////////////////////////////////////////////////////////////////////////////////////////////////

static inline __device__ __host__ int div_up(int m, int n) { return (m + n - 1) / n; }

////////////////////////////////////////////////////////////////////////////////////////////////////

static inline __device__ __host__ float sigmoid(float x) { return 1.f / (1.f + expf(-x)); }

////////////////////////////////////////////////////////////////////////////////////////////////////

static inline __device__ void spin_wait_(int* barrier, int step, int expected) {
  // THE FOLLOWING CODE MUST BE EXECUTED BY A SINGLE THREAD IN THE CTA.

  // Update the global counter. Make sure prior writes are visible.
  asm volatile("red.release.gpu.global.add.s32 [%0], %1;" ::"l"(barrier), "r"(step));

  // Busy wait. We could use found = old + step with old = atomicAdd(...) but it's not faster.
  for (volatile int found = -1; found != expected;) {
    asm volatile("ld.global.acquire.gpu.b32 %0, [%1];" : "=r"(found) : "l"(barrier));
  }
}

////////////////////////////////////////////////////////////////////////////////////////////////////

// Input type followed by parameter type
enum PrecisionMode {
  FP32IOFP16W,
  FP32IOBF16W,
  FP32IOFP32W,
  FP16IOFP16W,
  FP16IOBF16W,
  FP16IOFP32W,
  BF16IOFP16W,
  BF16IOBF16W,
  BF16IOFP32W,
};

////////////////////////////////////////////////////////////////////////////////////////////////////

struct Group_sums {
  // Is it the 1st element of the group?
  int flag;
  // The sum.
  float sum;
  // The sum of squares.
  float sum_sq;
};

////////////////////////////////////////////////////////////////////////////////////////////////////

struct Group_sums_op {
  inline __device__ Group_sums operator()(const Group_sums& a, const Group_sums& b) {
    Group_sums dst;
    dst.sum = b.flag ? b.sum : (a.sum + b.sum);
    dst.sum_sq = b.flag ? b.sum_sq : (a.sum_sq + b.sum_sq);
    dst.flag = a.flag + b.flag;
    return dst;
  }
};

////////////////////////////////////////////////////////////////////////////////////////////////////

struct Group_norm_nhwc_fwd_params {
  // The output buffer. Layout NHWC.
  void* y;
  // The sums for the bwd pass. Not written if it is a nullptr.
  float2* sums;
  // The input buffer. Layout NHWC.
  const void* x;
  // The gamma scaling factor.
  const void* gamma;
  // The beta term to add in GN.
  const void* beta;
  // The constant epsilon for sqrt(var + epsilon).
  float epsilon;
  // The barriers for the persistent kernel.
  int* barriers;
  // The extra storage for multi-CTA reductions as well as to pass data to the bwd.
  float *red_buffer, *zeroed_red_buffer;

  // The number of instances in the batch.
  int n;
  // The height and width of each activation map. The number of channels.
  int64_t h, w, c, hw, hwc;
  // The number of groups.
  int groups;
  // Do we apply the Swish activation function?
  bool with_swish;

  // Precomputed values and parameters to control the execution of the kernels.

  // The number of batch instances per block.
  int instances_per_block;
  // The number of activations computed per block.
  int acts_per_block;
  // The number of groups in each block.
  int groups_per_block;
  // The number of channels per group = c / groups.
  int channels_per_group;
  // The number of channels per block = groups_per_block * channels_per_group.
  int channels_per_block;
  // The inverse of hwc in floats (to compute mean/var).
  float inv_hwc_per_group;
  // IO precision
  PrecisionMode precision;
};

// ---- apex/contrib/csrc/group_norm/traits.h (verbatim, the traits used) ----
struct Fp32 {
  // Type is float32_t
  using Type = float;
  // Doubled type
  using Type2 = float2;

  // Unpack input to accumulators type
  static inline __device__ float2 unpack(const float2& f2) { return f2; }

  // Pack the accumulators into outputs.
  static inline __device__ float2 pack(const float2& f2) { return f2; }

  static inline __device__ float2 zero() { return {0.f, 0.f}; }
};


struct Fp32IOFp32W {
  // IO traits
  using IOTraits = Fp32;
  // Weigths traits
  using WTraits = Fp32;
};

// ---- apex/contrib/csrc/group_norm/group_norm_nhwc_fwd_one_pass_kernel.cuh (verbatim, lines 5-202) ----
#include <assert.h>

#include <cub/cub.cuh>


////////////////////////////////////////////////////////////////////////////////////////////////////
//
// F O R W A R D
//
////////////////////////////////////////////////////////////////////////////////////////////////////

template <typename Traits_, int ACTS_PER_BLOCK_, int CHANNELS_PER_GROUP_, int THREADS_PER_BLOCK_>
__global__ __launch_bounds__(THREADS_PER_BLOCK_) void group_norm_nhwc_fwd_one_pass_kernel(
    Group_norm_nhwc_fwd_params params) {
  // The traits.
  using Traits = Traits_;
  // The IO traits.
  using IOTraits = typename Traits::IOTraits;
  // The Weights traits.
  using WTraits = typename Traits::WTraits;

  // The IO type
  using IOType = typename IOTraits::Type;
  // The IO doubled type
  using IOType2 = typename IOTraits::Type2;

  // Weights type
  using WType = typename WTraits::Type;
  // Weights doubled type
  using WType2 = typename WTraits::Type2;

  // The number of activations per block.
  constexpr int ACTS_PER_BLOCK = ACTS_PER_BLOCK_;
  // The number of channels per group.
  constexpr int CHANNELS_PER_GROUP = CHANNELS_PER_GROUP_;
  // The number of threads per block.
  constexpr int THREADS_PER_BLOCK = THREADS_PER_BLOCK_;
  // The number of channels per thread (load fp16x2 numbers).
  constexpr int CHANNELS_PER_THREAD = 2;

  // The number of threads needed per activation.
  constexpr int THREADS_PER_ACT = CHANNELS_PER_GROUP / CHANNELS_PER_THREAD;
  // The number of activations that are loaded per loop.
  constexpr int ACTS_PER_LOOP = THREADS_PER_BLOCK / THREADS_PER_ACT;
  // The number of rows per thread.
  constexpr int ACTS_PER_THREAD = (ACTS_PER_BLOCK + ACTS_PER_LOOP - 1) / ACTS_PER_LOOP;

  // The number of active threads.
  constexpr int ACTIVE_THREADS = THREADS_PER_BLOCK / THREADS_PER_ACT * THREADS_PER_ACT;

  // The object in charge of doing the sums for the block.
  typedef cub::BlockReduce<float2, THREADS_PER_BLOCK> Block_reduce;
  // Allocate shared memory for Block_reduce.
  __shared__ typename Block_reduce::TempStorage temp_storage;
  // Allocate shared memory to store the sums.
  __shared__ float2 smem_sums;

  // The first activation loaded by that thread.
  int hwi = blockIdx.x * params.acts_per_block + threadIdx.x / THREADS_PER_ACT;
  // The first channel loaded by that thread.
  int ci = threadIdx.x % THREADS_PER_ACT * CHANNELS_PER_THREAD;

  // Is it an active thread?
  const bool is_active = threadIdx.x < ACTIVE_THREADS;

  // Iterate over the iterms in the batch.
  for (int ngi = blockIdx.y, step = 0; ngi < params.n * params.groups; ngi += gridDim.y, ++step) {
    // The instance and the group. TODO: Use fast divmod?
    int ni = ngi / params.groups;
    int gi = ngi % params.groups;

    // The offset to the first activation loaded by that thread.
    const int64_t offset = (int64_t)ni * params.hwc + gi * CHANNELS_PER_GROUP + ci;
    // The pointer to the first activation loaded by that thread.
    const IOType* x_ptr = &reinterpret_cast<const IOType*>(params.x)[offset];

    // Load the activations into registers.
    IOType2 x[ACTS_PER_THREAD];
#pragma unroll
    for (int ii = 0; ii < ACTS_PER_THREAD; ++ii) {
      int hwj = hwi + ii * ACTS_PER_LOOP;
      x[ii] = IOTraits::zero();
      if (is_active && hwj < params.hw) {
        x[ii] = *reinterpret_cast<const IOType2*>(&x_ptr[hwj * params.c]);
      }
    }

    // Compute the sum and the sum of squares for each thread.
    float2 sums = make_float2(0.f, 0.f);
#pragma unroll
    for (int ii = 0; ii < ACTS_PER_THREAD; ++ii) {
      float2 f2 = IOTraits::unpack(x[ii]);
      sums.x += f2.x + f2.y;
      sums.y += f2.x * f2.x + f2.y * f2.y;
    }

    // Clear invalid threads.
    if (ACTIVE_THREADS < THREADS_PER_BLOCK && !is_active) {
      sums = make_float2(0.f, 0.f);
    }

    // Compute the sums for the block.
    sums = Block_reduce(temp_storage).Reduce(sums, [](const float2& a, const float2& b) {
      return make_float2(a.x + b.x, a.y + b.y);
    });

    // The block leader stores to global memory, if needed.
    if (gridDim.x > 1) {
      // The index of the buffer (double-buffering).
      int red_buffer_idx = step & 1;
      // The barrier.
      int* barrier = &params.barriers[red_buffer_idx * gridDim.y + blockIdx.y];
      // The offset to the reduction buffer.
      int red_buffer_offset = red_buffer_idx * gridDim.x * gridDim.y * 2;
      // The reduction buffer.
      float2* red_buffer = reinterpret_cast<float2*>(&params.red_buffer[red_buffer_offset]);

      // The first thread stores its sums.
      if (threadIdx.x == 0) {
        red_buffer[blockIdx.x * gridDim.y + blockIdx.y] = sums;
      }

      // Make sure the data is in memory.
      if (threadIdx.x == 0) {
        spin_wait_(barrier, (step & 2) ? -1 : 1, (step & 2) ? 0 : gridDim.x);
      }
      __syncthreads();

      // Update the sums.
      for (int ii = 0; ii < gridDim.x; ++ii) {
        if (ii != blockIdx.x && threadIdx.x == 0) {
          float2 other_sums = red_buffer[ii * gridDim.y + blockIdx.y];
          sums.x += other_sums.x;
          sums.y += other_sums.y;
        }
      }
    }

    // Store the result for other threads.
    if (threadIdx.x == 0) {
      smem_sums = sums;
    }

    // Store the results to global memory as well (for training).
    if (params.sums != nullptr && blockIdx.x == 0 && threadIdx.x == 0) {
      sums.x *= params.inv_hwc_per_group;
      sums.y *= params.inv_hwc_per_group;
      params.sums[ngi] = sums;
    }

    // Make sure the sums are in shared memory.
    __syncthreads();

    // Load gamma/beta.
    float2 gamma_f2 = WTraits::unpack(
        *reinterpret_cast<const WType2*>(&reinterpret_cast<const WType*>(params.gamma)[gi * CHANNELS_PER_GROUP + ci]));
    float2 beta_f2 = WTraits::unpack(
        *reinterpret_cast<const WType2*>(&reinterpret_cast<const WType*>(params.beta)[gi * CHANNELS_PER_GROUP + ci]));

    // Compute the mean.
    float mean = smem_sums.x * params.inv_hwc_per_group;
    // Compute the variance.
    float var = smem_sums.y * params.inv_hwc_per_group - (mean * mean);
    // Compute the inverse of the stddev.
    float inv_stddev = var <= 0.f ? 1.f : rsqrtf(var + params.epsilon);

    // The pointer to the first activation stored by that thread.
    IOType* y_ptr = &reinterpret_cast<IOType*>(params.y)[offset];

    // Iterate over the activations to normalize the activations and store the results.
    for (int ii = 0; ii < ACTS_PER_THREAD; ++ii) {
      // Extract the two half values.
      float2 f2 = IOTraits::unpack(x[ii]);

      // Normalize the channels.
      f2.x = (f2.x - mean) * inv_stddev;
      f2.y = (f2.y - mean) * inv_stddev;

      // Scale by gamma and add beta.
      f2.x = gamma_f2.x * f2.x + beta_f2.x;
      f2.y = gamma_f2.y * f2.y + beta_f2.y;

      // Apply Swish if needed.
      if (params.with_swish) {
        f2.x = f2.x * sigmoid(f2.x);
        f2.y = f2.y * sigmoid(f2.y);
      }

      // Store the scaled values.
      int hwj = hwi + ii * ACTS_PER_LOOP;
      if (is_active && hwj < params.hw) {
        *reinterpret_cast<IOType2*>(&y_ptr[hwj * params.c]) = IOTraits::pack(f2);
      }
    }
  }
}

// ---- instantiation (added): GN_FWD_BWD_ONE_PASS_DEFINITION(32, 512), Traits = Fp32IOFp32W, ACTS_PER_BLOCK = 128 ----
template __global__ void group_norm_nhwc_fwd_one_pass_kernel<Fp32IOFp32W, 128, 32, 512>(Group_norm_nhwc_fwd_params);
