// corpus-source: NVIDIA/cccl@571f2fc3bc53cd710e306ad43d58995c1fe4219f:cub/examples/block/example_block_reduce_dyn_smem.cu [BlockReduceKernel<128>]
// corpus-form: adapted (test_util.h include, globals and host test driver dropped; explicit instantiation(s) for the listed configuration added; kernel verbatim)
// syncproof-args: --block 128 --grid 1 --dynamic-smem 24
// corpus-expect: correct
// BlockReduce whose TempStorage lives in dynamic smem; after the reduction a __syncthreads lets thread 0 reuse the same bytes for the aggregate, then another
// barrier before every thread reads it back. smem_size = max(sizeof(int), sizeof(BlockReduce<int,128>::TempStorage)) = 24 bytes; g_grid_size=1 (all blocks write d_out[tid]).
// host launch: BlockReduceKernel<BLOCK_THREADS><<<g_grid_size, BLOCK_THREADS, smem_size, stream>>>(d_in, d_out);
// ---- verbatim from cub/examples/block/example_block_reduce_dyn_smem.cu lines 1-21 ----
// SPDX-FileCopyrightText: Copyright (c) 2011-2021, NVIDIA CORPORATION. All rights reserved.
// SPDX-License-Identifier: BSD-3

/******************************************************************************
 * Simple demonstration of cub::BlockReduce with dynamic shared memory
 *
 * To compile using the command line:
 *   nvcc -arch=sm_XX example_block_reduce_dyn_smem.cu -I../.. -lcudart -O3 -std=c++17
 *
 ******************************************************************************/

// Ensure printing of CUDA runtime errors to console (define before including cub.h)
#define CUB_STDERR

#include <cub/block/block_load.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_store.cuh>

#include <algorithm>
#include <cstdio>
#include <iostream>
// ---- verbatim from cub/examples/block/example_block_reduce_dyn_smem.cu lines 25-25 ----
using namespace cub;
// ---- verbatim from cub/examples/block/example_block_reduce_dyn_smem.cu lines 37-84 ----
//---------------------------------------------------------------------
// Kernels
//---------------------------------------------------------------------

/**
 * Simple kernel for performing a block-wide reduction.
 */
template <int BLOCK_THREADS>
__global__ void BlockReduceKernel(int* d_in, // Tile of input
                                  int* d_out // Tile aggregate
)
{
  // Specialize BlockReduce type for our thread block
  using BlockReduceT = cub::BlockReduce<int, BLOCK_THREADS>;
  using TempStorageT = typename BlockReduceT::TempStorage;

  union ShmemLayout
  {
    TempStorageT reduce;
    int aggregate;
  };

  // shared memory byte-array
  extern __shared__ __align__(alignof(ShmemLayout)) char smem[];

  // cast to lvalue reference of expected type
  auto& temp_storage = reinterpret_cast<TempStorageT&>(smem);

  int data = d_in[threadIdx.x];

  // Compute sum
  int aggregate = BlockReduceT(temp_storage).Sum(data);

  // block-wide sync barrier necessary to re-use shared mem safely
  __syncthreads();
  int* smem_integers = reinterpret_cast<int*>(smem);
  if (threadIdx.x == 0)
  {
    smem_integers[0] = aggregate;
  }

  // sync to make new shared value available to all threads
  __syncthreads();
  aggregate = smem_integers[0];

  // all threads write the aggregate to output
  d_out[threadIdx.x] = aggregate;
}

// ---- explicit instantiations (configurations run by the example's main) ----
template __global__ void BlockReduceKernel<128>(int* d_in, int* d_out);
