// corpus-source: written from: CUDA C++ Programming Guide, "Memory Fence Functions" (last-block sum), atomicAdd-ticket form
// corpus-form: written
// syncproof-args: --block 512 --grid 1:2048 --param n=0:100000000
// corpus-expect: correct
// Last-block reduction with a host-zeroed counter: every block stores its partial, __threadfence(),
// thread 0 draws prev = atomicAdd(finished, 1) and the block with prev == gridDim.x-1 is the last;
// the flag goes through __shared__ + __syncthreads(). The last block also fences after its ticket
// (acquire side) before it reads partials[] and writes *out. The host memsets *finished per launch.

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
        unsigned int prev_blocks_finished = atomicAdd(finished, 1u);
        is_last_block_done = (prev_blocks_finished == gridDim.x - 1);
        __threadfence();
    }
    __syncthreads();

    if (is_last_block_done) {
        float total = 0.0f;
        for (unsigned int b = threadIdx.x; b < gridDim.x; b += blockDim.x)
            total += partials[b];
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
