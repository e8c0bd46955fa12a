// corpus-source: NVIDIA/cccl@571f2fc3bc53cd710e306ad43d58995c1fe4219f:cub/examples/block/example_block_scan.cu [BlockPrefixSumKernel<128, 8, BLOCK_SCAN_WARP_SCANS / BLOCK_SCAN_RAKING>, ExclusiveSumPrefixCallbackKernel]
// corpus-form: adapted (test_util.h include, globals and host test driver dropped; explicit instantiation(s) for the listed configuration added; kernel verbatim)
// syncproof-args: --block 128 --grid 1 --param num_items=0:65536
// corpus-expect: correct
// BlockLoad(WARP_TRANSPOSE) -> __syncthreads -> BlockScan::ExclusiveSum -> __syncthreads -> BlockStore through one aliased __shared__ union of temp storages;
// and the documented prefix-callback loop (BlockScan with a running-total functor, a barrier after each phase). Both launched <<<1, 128>>> by the example.
// host launch: BlockPrefixSumKernel<BLOCK_THREADS, ITEMS_PER_THREAD, ALGORITHM><<<g_grid_size, BLOCK_THREADS>>>(d_in, d_out, d_elapsed); ExclusiveSumPrefixCallbackKernel<<<1, 128>>>(d_data, num_items);
// ---- verbatim from cub/examples/block/example_block_scan.cu lines 1-21 ----
// SPDX-FileCopyrightText: Copyright (c) 2011, Duane Merrill. All rights reserved.
// SPDX-FileCopyrightText: Copyright (c) 2011-2025, NVIDIA CORPORATION. All rights reserved.
// SPDX-License-Identifier: BSD-3

/******************************************************************************
 * Simple demonstration of cub::BlockScan
 *
 * To compile using the command line:
 *   nvcc -arch=sm_XX example_block_scan.cu -I../.. -lcudart -O3
 *
 ******************************************************************************/

// Ensure printing of CUDA runtime errors to console (define before including cub.h)
#define CUB_STDERR

#include <cub/block/block_load.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>

#include <cstdio>
#include <iostream>
// ---- verbatim from cub/examples/block/example_block_scan.cu lines 25-25 ----
using namespace cub;
// ---- verbatim from cub/examples/block/example_block_scan.cu lines 40-104 ----
//---------------------------------------------------------------------
// Kernels
//---------------------------------------------------------------------

/**
 * Simple kernel for performing a block-wide exclusive prefix sum over integers
 */
template <int BLOCK_THREADS,
          int ITEMS_PER_THREAD,
          BlockScanAlgorithm ALGORITHM>
__global__ void BlockPrefixSumKernel(int* d_in, // Tile of input
                                     int* d_out, // Tile of output
                                     clock_t* d_elapsed) // Elapsed cycle count of block scan
{
  // Specialize BlockLoad type for our thread block (uses warp-striped loads for coalescing, then transposes in shared
  // memory to a blocked arrangement)
  using BlockLoadT = BlockLoad<int, BLOCK_THREADS, ITEMS_PER_THREAD, BLOCK_LOAD_WARP_TRANSPOSE>;

  // Specialize BlockStore type for our thread block (uses warp-striped loads for coalescing, then transposes in shared
  // memory to a blocked arrangement)
  using BlockStoreT = BlockStore<int, BLOCK_THREADS, ITEMS_PER_THREAD, BLOCK_STORE_WARP_TRANSPOSE>;

  // Specialize BlockScan type for our thread block
  using BlockScanT = BlockScan<int, BLOCK_THREADS, ALGORITHM>;

  // Shared memory
  __shared__ union TempStorage
  {
    typename BlockLoadT::TempStorage load;
    typename BlockStoreT::TempStorage store;
    typename BlockScanT::TempStorage scan;
  } temp_storage;

  // Per-thread tile data
  int data[ITEMS_PER_THREAD];

  // Load items into a blocked arrangement
  BlockLoadT(temp_storage.load).Load(d_in, data);

  // Barrier for smem reuse
  __syncthreads();

  // Start cycle timer
  clock_t start = clock();

  // Compute exclusive prefix sum
  int aggregate;
  BlockScanT(temp_storage.scan).ExclusiveSum(data, data, aggregate);

  // Stop cycle timer
  clock_t stop = clock();

  // Barrier for smem reuse
  __syncthreads();

  // Store items from a blocked arrangement
  BlockStoreT(temp_storage.store).Store(d_out, data);

  // Store aggregate and elapsed clocks
  if (threadIdx.x == 0)
  {
    *d_elapsed                              = (start > stop) ? start - stop : stop - start;
    d_out[BLOCK_THREADS * ITEMS_PER_THREAD] = aggregate;
  }
}
// ---- verbatim from cub/examples/block/example_block_scan.cu lines 340-400 ----

// example-begin block-prefix-callback-op
// A stateful callback functor that maintains a running prefix to be applied
// during consecutive scan operations.
struct BlockPrefixCallbackOp
{
  // Running prefix
  int running_total;

  // Constructor
  __device__ BlockPrefixCallbackOp(int running_total)
      : running_total(running_total)
  {}

  // Callback operator to be entered by the first warp of threads in the block.
  // Thread-0 is responsible for returning a value for seeding the block-wide scan.
  __device__ int operator()(int block_aggregate)
  {
    int old_prefix = running_total;
    running_total += block_aggregate;
    return old_prefix;
  }
};
// example-end block-prefix-callback-op

// example-begin exclusive-sum-prefix-callback
__global__ void ExclusiveSumPrefixCallbackKernel(int* d_data, int num_items)
{
  // Specialize BlockLoad, BlockStore, and BlockScan for a 1D block of 128 threads, 4 ints per thread
  using BlockLoadT  = BlockLoad<int, 128, 4, BLOCK_LOAD_TRANSPOSE>;
  using BlockStoreT = BlockStore<int, 128, 4, BLOCK_STORE_TRANSPOSE>;
  using BlockScanT  = BlockScan<int, 128>;

  // Allocate aliased shared memory for BlockLoad, BlockStore, and BlockScan
  __shared__ union
  {
    typename BlockLoadT::TempStorage load;
    typename BlockScanT::TempStorage scan;
    typename BlockStoreT::TempStorage store;
  } temp_storage;

  // Initialize running total
  BlockPrefixCallbackOp prefix_op(0);

  // Have the block iterate over segments of items
  for (int block_offset = 0; block_offset < num_items; block_offset += 128 * 4)
  {
    // Load a segment of consecutive items that are blocked across threads
    int thread_data[4];
    BlockLoadT(temp_storage.load).Load(d_data + block_offset, thread_data);
    __syncthreads();

    // Collectively compute the block-wide exclusive prefix sum
    BlockScanT(temp_storage.scan).ExclusiveSum(thread_data, thread_data, prefix_op);
    __syncthreads();

    // Store scanned items to output segment
    BlockStoreT(temp_storage.store).Store(d_data + block_offset, thread_data);
    __syncthreads();
  }
}

// ---- explicit instantiations (configurations run by the example's main) ----
template __global__ void BlockPrefixSumKernel<128, 8, BLOCK_SCAN_WARP_SCANS>(int*, int*, clock_t*);
template __global__ void BlockPrefixSumKernel<128, 8, BLOCK_SCAN_RAKING>(int*, int*, clock_t*);
