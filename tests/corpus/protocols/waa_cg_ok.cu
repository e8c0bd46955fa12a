// corpus-source: NVIDIA/cuda-samples@c94ff366aed18c797b8a85dfaac7817b0228b420:Samples/3_CUDA_Features/warpAggregatedAtomicsCG/warpAggregatedAtomicsCG.cu [atomicAggInc, filter_arr]
// corpus-form: adapted (kept atomicAggInc and filter_arr verbatim; dropped the multi-bucket kernels and main; minimal launcher)
// syncproof-args: --block 512 --grid 1:195313 --param n=0:100000000
// corpus-expect: correct
// Stream filter with a warp-aggregated atomic: the lanes that take the branch form a
// cg::coalesced_group, its rank-0 lane does atomicAdd(counter, active.size()), the base is
// broadcast with active.shfl(res, 0), and each lane writes dst[res + active.thread_rank()].

// Original code: Copyright (c) 2022, NVIDIA CORPORATION. BSD-3-Clause.

#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

#define NUM_THREADS_PER_BLOCK 512

// warp-aggregated atomic increment
__device__ int atomicAggInc(int *counter)
{
    cg::coalesced_group active = cg::coalesced_threads();

    // leader does the update
    int res = 0;
    if (active.thread_rank() == 0) {
        res = atomicAdd(counter, active.size());
    }

    // broadcast result
    res = active.shfl(res, 0);

    // each thread computes its own value
    return res + active.thread_rank();
}

__global__ void filter_arr(int *dst, int *nres, const int *src, int n)
{
    int id = threadIdx.x + blockIdx.x * blockDim.x;

    for (int i = id; i < n; i += gridDim.x * blockDim.x) {
        if (src[i] > 0)
            dst[atomicAggInc(nres)] = src[i];
    }
}

// As in the sample's main: dimGrid = NUM_ELEMS / NUM_THREADS_PER_BLOCK + 1, *nres zeroed first.
void launch_filter_arr(int *d_dst, int *d_nres, const int *d_src, int n)
{
    cudaMemset(d_nres, 0, sizeof(int));
    filter_arr<<<n / NUM_THREADS_PER_BLOCK + 1, NUM_THREADS_PER_BLOCK>>>(d_dst, d_nres, d_src, n);
}
