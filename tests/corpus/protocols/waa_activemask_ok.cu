// corpus-source: written from: NVIDIA Developer Blog "CUDA Pro Tip: Optimized Filtering with Warp-Aggregated Atomics" (atomicAggInc with __activemask, CUDA 9 version)
// corpus-form: written
// syncproof-args: --block 128 --grid 1:65535 --param n=0:100000000
// corpus-expect: correct
// Warp-aggregated increment called inside a divergent branch: mask = __activemask(), leader =
// __ffs(mask)-1, the leader does atomicAdd(ctr, __popc(mask)), __shfl_sync(mask, res, leader)
// broadcasts among exactly the active lanes, each lane returns res + its rank among them.

#define THREADS 128

__device__ int atomicAggInc(int* ctr)
{
    const unsigned int active = __activemask();
    const int          leader = __ffs(active) - 1;
    const int          change = __popc(active);
    const unsigned int lane   = threadIdx.x & 31;
    const unsigned int rank   = __popc(active & ((1u << lane) - 1));
    int                warp_res = 0;
    if (rank == 0)
        warp_res = atomicAdd(ctr, change);
    warp_res = __shfl_sync(active, warp_res, leader);
    return warp_res + rank;
}

__global__ void filter_k(int* dst, int* nres, const int* __restrict__ src, int n)
{
    for (int i = threadIdx.x + blockIdx.x * blockDim.x; i < n; i += gridDim.x * blockDim.x) {
        if (src[i] > 0)
            dst[atomicAggInc(nres)] = src[i];
    }
}

void launch_filter_k(int* d_dst, int* d_nres, const int* d_src, int n, int blocks)
{
    cudaMemset(d_nres, 0, sizeof(int));
    filter_k<<<blocks, THREADS>>>(d_dst, d_nres, d_src, n);
}
