// corpus-source: NVIDIA/cccl@571f2fc3bc53cd710e306ad43d58995c1fe4219f:cub/examples/block/example_block_reduce.cu [BlockReduceKernel<128, 8, BLOCK_REDUCE_RAKING / BLOCK_REDUCE_WARP_REDUCTIONS>]
// corpus-form: adapted (test_util.h include, globals and host test driver dropped; explicit instantiation(s) for the listed configuration added; kernel verbatim)
// syncproof-args: --block 128 --grid 1
// corpus-expect: correct
// cub::BlockReduce<int,128,ALGORITHM>::Sum over 8 striped items per thread (temp storage in __shared__), thread 0 stores the aggregate and the cycle count.
// main runs Test<128, 8, ...>() for both algorithms with g_grid_size=1 (every block writes *d_out, so the example is only valid for one block).
// host launch: BlockReduceKernel<BLOCK_THREADS, ITEMS_PER_THREAD, ALGORITHM><<<g_grid_size, BLOCK_THREADS>>>(d_in, d_out, d_elapsed);
// ---- verbatim from cub/examples/block/example_block_reduce.cu lines 1-21 ----
// SPDX-FileCopyrightText: Copyright (c) 2011, Duane Merrill. All rights reserved.
// SPDX-FileCopyrightText: Copyright (c) 2011-2018, NVIDIA CORPORATION. All rights reserved.
// SPDX-License-Identifier: BSD-3

/******************************************************************************
 * Simple demonstration of cub::BlockReduce
 *
 * To compile using the command line:
 *   nvcc -arch=sm_XX example_block_reduce.cu -I../.. -lcudart -O3
 *
 ******************************************************************************/

// Ensure printing of CUDA runtime errors to console (define before including cub.h)
#define CUB_STDERR

#include <cub/block/block_load.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_store.cuh>

#include <cstdio>
#include <iostream>
// ---- verbatim from cub/examples/block/example_block_reduce.cu lines 25-25 ----
using namespace cub;
// ---- verbatim from cub/examples/block/example_block_reduce.cu lines 40-79 ----
//---------------------------------------------------------------------
// Kernels
//---------------------------------------------------------------------

/**
 * Simple kernel for performing a block-wide reduction.
 */
template <int BLOCK_THREADS,
          int ITEMS_PER_THREAD,
          BlockReduceAlgorithm ALGORITHM>
__global__ void BlockReduceKernel(int* d_in, // Tile of input
                                  int* d_out, // Tile aggregate
                                  clock_t* d_elapsed) // Elapsed cycle count of block reduction
{
  // Specialize BlockReduce type for our thread block
  using BlockReduceT = BlockReduce<int, BLOCK_THREADS, ALGORITHM>;

  // Shared memory
  __shared__ typename BlockReduceT::TempStorage temp_storage;

  // Per-thread tile data
  int data[ITEMS_PER_THREAD];
  LoadDirectStriped<BLOCK_THREADS>(threadIdx.x, d_in, data);

  // Start cycle timer
  clock_t start = clock();

  // Compute sum
  int aggregate = BlockReduceT(temp_storage).Sum(data);

  // Stop cycle timer
  clock_t stop = clock();

  // Store aggregate and elapsed clocks
  if (threadIdx.x == 0)
  {
    *d_elapsed = (start > stop) ? start - stop : stop - start;
    *d_out     = aggregate;
  }
}

// ---- explicit instantiations (configurations run by the example's main) ----
template __global__ void BlockReduceKernel<128, 8, BLOCK_REDUCE_RAKING>(int*, int*, clock_t*);
template __global__ void BlockReduceKernel<128, 8, BLOCK_REDUCE_WARP_REDUCTIONS>(int*, int*, clock_t*);
