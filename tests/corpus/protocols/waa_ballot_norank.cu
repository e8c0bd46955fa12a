// corpus-source: written from: NVIDIA Developer Blog "CUDA Pro Tip: Optimized Filtering with Warp-Aggregated Atomics" and CUDA C++ Programming Guide "Warp Vote Functions" / "Warp Shuffle Functions"
// corpus-form: written
// syncproof-args: --block 256 --grid 1:65535 --param n=0:100000000
// corpus-expect: buggy race
// The ballot-based warp-aggregated filter with the rank computed without the lane mask: every
// selected lane writes dst[res + __popc(mask & 0)] = dst[res], so two selected lanes of one warp
// store to the same element in the same iteration (write-write race); the other reserved slots
// stay unwritten.

#define THREADS 256

__global__ void filter_ballot(int* dst, int* nres, const int* __restrict__ src, int n)
{
    const unsigned int lane = threadIdx.x & 31;

    for (int base = blockIdx.x * blockDim.x; base < n; base += gridDim.x * blockDim.x) {
        const int  i    = base + threadIdx.x;
        const int  v    = (i < n) ? src[i] : 0;
        const bool pred = v > 0;

        const unsigned int mask = __ballot_sync(0xffffffffu, pred);
        if (mask == 0)
            continue; // warp-uniform

        const int leader = __ffs(mask) - 1;
        int       res    = 0;
        if (lane == leader)
            res = atomicAdd(nres, __popc(mask));
        res = __shfl_sync(0xffffffffu, res, leader);

        if (pred)
            dst[res] = v; // corpus-bug
    }
}

void launch_filter_ballot(int* d_dst, int* d_nres, const int* d_src, int n, int blocks)
{
    cudaMemset(d_nres, 0, sizeof(int));
    filter_ballot<<<blocks, THREADS>>>(d_dst, d_nres, d_src, n);
}
