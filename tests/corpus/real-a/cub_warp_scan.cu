// corpus-source: NVIDIA/cccl@571f2fc3bc53cd710e306ad43d58995c1fe4219f:cub/test/catch2_test_warp_scan_api.cu [InclusiveWarpScanKernel]
// corpus-form: adapted (test includes thrust/cub_test_macros.h and the CUB_TEST driver dropped; cub/warp/warp_scan.cuh and cuda/functional added for cuda::maximum; kernel verbatim)
// syncproof-args: --block 128 --grid 1
// corpus-expect: correct
// Four logical warps, each with its own WarpScan TempStorage slot in __shared__ temp_storage[4], compute an inclusive max-scan with an initial value; each thread stores its result.
// host launch: InclusiveWarpScanKernel<<<1, num_warps * 32>>>(thrust::raw_pointer_cast(d_out.data())); num_warps = 4
// ---- verbatim from cub/catch2_test_warp_scan_api.cu lines 1-4 ----
// SPDX-FileCopyrightText: Copyright (c) 2024, NVIDIA CORPORATION. All rights reserved.
// SPDX-License-Identifier: BSD-3

#include <cub/warp/warp_scan.cuh>
#include <cuda/functional>
// ---- verbatim from cub/catch2_test_warp_scan_api.cu lines 17-17 ----
constexpr int num_warps = 4;
// ---- verbatim from cub/catch2_test_warp_scan_api.cu lines 35-63 ----
// example-begin inclusive-warp-scan-init-value
__global__ void InclusiveWarpScanKernel(int* output)
{
  // Specialize WarpScan for type int
  using warp_scan_t = cub::WarpScan<int>;
  // Allocate WarpScan shared memory for 4 warps
  __shared__ typename warp_scan_t::TempStorage temp_storage[num_warps];

  int warp_id       = static_cast<int>(threadIdx.x / 32);
  int initial_value = 3;
  int thread_data   = static_cast<int>(threadIdx.x % 32) + warp_id;

  // warp #0 input: {0, 1, 2, 3, ..., 31}
  // warp #1 input: {1, 2, 3, 4, ..., 32}
  // warp #2 input: {2, 3, 4, 5, ..., 33}
  // warp #3 input: {3, 4, 5, 6, ..., 34}

  // Collectively compute the warp-wide inclusive prefix max scan
  warp_scan_t(temp_storage[warp_id]).InclusiveScan(thread_data, thread_data, initial_value, cuda::maximum<>{});

  // initial value = 3 (for each warp)
  // warp #0 output: {3, 3, 3, 3, ..., 31}
  // warp #1 output: {3, 3, 3, 4, ..., 32}
  // warp #2 output: {3, 3, 4, 5, ..., 33}
  // warp #3 output: {3, 4, 5, 6, ..., 34}
  output[threadIdx.x] = thread_data;
}
// example-end inclusive-warp-scan-init-value

