// corpus-source: written from: CUDA C++ Programming Guide, "Function Pointers" (device function pointer passed as an argument) and "__syncthreads()"
// corpus-form: written
// syncproof-args: --block 256 --grid 1:4096 --param n=0:100000000
// corpus-expect: correct
// Block max-reduction whose combine step is a device function pointer set once (combine = &
// combine_max) and passed to tree_reduce(): in each round thread tid < stride calls
// combine(s, tid, tid + stride), which writes s[tid]; the __syncthreads() at the end of each round
// orders these writes before the next round reads them.

#define THREADS 256

typedef void (*combine_fn)(float* s, unsigned int dst, unsigned int src);

__device__ void combine_max(float* s, unsigned int dst, unsigned int src)
{
    s[dst] = fmaxf(s[dst], s[src]);
}

__device__ void tree_reduce(float* s, unsigned int tid, combine_fn combine)
{
    for (unsigned int stride = THREADS / 2; stride > 0; stride >>= 1) {
        if (tid < stride)
            combine(s, tid, tid + stride);
        __syncthreads();
    }
}

__global__ void block_max(const float* __restrict__ in, int n, float* block_out)
{
    __shared__ float s[THREADS];

    const unsigned int tid = threadIdx.x;
    float              m   = -3.402823466e38f;
    for (int i = blockIdx.x * THREADS + tid; i < n; i += gridDim.x * THREADS)
        m = fmaxf(m, in[i]);
    s[tid] = m;
    __syncthreads();

    combine_fn combine = &combine_max;
    tree_reduce(s, tid, combine);

    if (tid == 0)
        block_out[blockIdx.x] = s[0];
}

void launch_block_max(const float* d_in, int n, float* d_block_out, int blocks)
{
    block_max<<<blocks, THREADS>>>(d_in, n, d_block_out);
}
