// corpus-source: NVIDIA/cccl@571f2fc3bc53cd710e306ad43d58995c1fe4219f:cub/examples/block/example_block_radix_sort.cu [BlockSortKernel<unsigned int, 128, 13>]
// corpus-form: adapted (test_util.h include, globals and host test driver dropped; explicit instantiation(s) for the listed configuration added; kernel verbatim)
// syncproof-args: --block 128 --grid 1:1024
// corpus-expect: correct
// BlockLoad into a union'd __shared__ temp storage, __syncthreads, cub::BlockRadixSort::SortBlockedToStriped (many internal barriers), striped store to this block's tile.
// main runs Test<unsigned int, 128, 13>() with g_grid_size (default 1, settable); each block has its own tile and d_elapsed slot.
// host launch: BlockSortKernel<Key, BLOCK_THREADS, ITEMS_PER_THREAD><<<g_grid_size, BLOCK_THREADS>>>(d_in, d_out, d_elapsed);
// ---- verbatim from cub/examples/block/example_block_radix_sort.cu lines 1-22 ----
// SPDX-FileCopyrightText: Copyright (c) 2011, Duane Merrill. All rights reserved.
// SPDX-FileCopyrightText: Copyright (c) 2011-2018, NVIDIA CORPORATION. All rights reserved.
// SPDX-License-Identifier: BSD-3

/******************************************************************************
 * Simple demonstration of cub::BlockRadixSort
 *
 * To compile using the command line:
 *   nvcc -arch=sm_XX example_block_radix_sort.cu -I../.. -lcudart -O3
 *
 ******************************************************************************/

// Ensure printing of CUDA runtime errors to console (define before including cub.h)
#define CUB_STDERR

#include <cub/block/block_load.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_store.cuh>

#include <algorithm>
#include <cstdio>
#include <iostream>
// ---- verbatim from cub/examples/block/example_block_radix_sort.cu lines 26-26 ----
using namespace cub;
// ---- verbatim from cub/examples/block/example_block_radix_sort.cu lines 44-104 ----
//---------------------------------------------------------------------
// Kernels
//---------------------------------------------------------------------

/**
 * Simple kernel for performing a block-wide sorting over integers
 */
template <typename Key,
          int BLOCK_THREADS,
          int ITEMS_PER_THREAD>
__launch_bounds__(BLOCK_THREADS) __global__
  void BlockSortKernel(Key* d_in, // Tile of input
                       Key* d_out, // Tile of output
                       clock_t* d_elapsed) // Elapsed cycle count of block scan
{
  static constexpr int TILE_SIZE = BLOCK_THREADS * ITEMS_PER_THREAD;

  // Specialize BlockLoad type for our thread block (uses warp-striped loads for coalescing, then transposes in shared
  // memory to a blocked arrangement)
  using BlockLoadT = BlockLoad<Key, BLOCK_THREADS, ITEMS_PER_THREAD, BLOCK_LOAD_WARP_TRANSPOSE>;

  // Specialize BlockRadixSort type for our thread block
  using BlockRadixSortT = BlockRadixSort<Key, BLOCK_THREADS, ITEMS_PER_THREAD>;

  // Shared memory
  __shared__ union TempStorage
  {
    typename BlockLoadT::TempStorage load;
    typename BlockRadixSortT::TempStorage sort;
  } temp_storage;

  // Per-thread tile items
  Key items[ITEMS_PER_THREAD];

  // Our current block's offset
  int block_offset = blockIdx.x * TILE_SIZE;

  // Load items into a blocked arrangement
  BlockLoadT(temp_storage.load).Load(d_in + block_offset, items);

  // Barrier for smem reuse
  __syncthreads();

  // Start cycle timer
  clock_t start = clock();

  // Sort keys
  BlockRadixSortT(temp_storage.sort).SortBlockedToStriped(items);

  // Stop cycle timer
  clock_t stop = clock();

  // Store output in striped fashion
  StoreDirectStriped<BLOCK_THREADS>(threadIdx.x, d_out + block_offset, items);

  // Store elapsed clocks
  if (threadIdx.x == 0)
  {
    d_elapsed[blockIdx.x] = (start > stop) ? start - stop : stop - start;
  }
}

// ---- explicit instantiations (configurations run by the example's main) ----
template __global__ void BlockSortKernel<unsigned int, 128, 13>(unsigned int*, unsigned int*, clock_t*);
