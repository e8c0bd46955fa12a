// corpus-source: written from: CUDA C++ Programming Guide, "Memory Fence Functions" (last-block sum), atomicAdd-ticket form
// corpus-form: written
// syncproof-args: --block 512 --grid 1:2048 --param n=0:100000000
// corpus-expect: buggy race
// Off-by-one last-block test: the ticket is turned into a count of finished blocks (prev + 1) but is
// still compared with gridDim.x - 1, so the second-to-last block to finish does the final sum. It
// reads partials[L] of the block L that has not yet drawn its ticket, and may not have stored its
// partial yet: a cross-block race (grid >= 2); the last block's partial is lost.

#define THREADS 512

__device__ __forceinline__ float warpReduceSum(float v)
{
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

// Result valid in thread 0 only.
__device__ float blockReduceSum(float v)
{
    __shared__ float warp_sums[THREADS / 32];
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    v = warpReduceSum(v);
    if (lane == 0)
        warp_sums[warp] = v;
    __syncthreads();
    v = (threadIdx.x < blockDim.x / 32) ? warp_sums[lane] : 0.0f;
    if (warp == 0)
        v = warpReduceSum(v);
    __syncthreads(); // warp_sums is reused by the next call
    return v;
}

__global__ void sum_last_block(const float* __restrict__ in, int n, float* partials,
                               unsigned int* finished, float* out)
{
    __shared__ bool is_last_block_done;

    float v = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        v += in[i];
    v = blockReduceSum(v);

    if (threadIdx.x == 0) {
        partials[blockIdx.x] = v;
        __threadfence();
        unsigned int blocks_finished = atomicAdd(finished, 1u) + 1;
        is_last_block_done = (blocks_finished == gridDim.x - 1);
        __threadfence();
    }
    __syncthreads();

    if (is_last_block_done) {
        float total = 0.0f;
        for (unsigned int b = threadIdx.x; b < gridDim.x; b += blockDim.x)
            total += partials[b]; // corpus-bug
        total = blockReduceSum(total);
        if (threadIdx.x == 0)
            *out = total;
    }
}

void launch_sum_last_block(const float* d_in, int n, float* d_partials, unsigned int* d_finished,
                           float* d_out, int blocks, cudaStream_t stream)
{
    cudaMemsetAsync(d_finished, 0, sizeof(unsigned int), stream);
    sum_last_block<<<blocks, THREADS, 0, stream>>>(d_in, n, d_partials, d_finished, d_out);
}
