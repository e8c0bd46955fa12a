// corpus-source: written from: CUDA C++ Programming Guide, "Dynamic Global Memory Allocation and Operations" (device-side memset) and "Atomic Functions" (shared-memory histogram)
// corpus-form: written
// syncproof-args: --block 256 --grid 1:2048 --param n=0:1073741824
// corpus-expect: correct
// Byte histogram privatised in shared memory: thread 0 clears s_hist with memset(), the block
// synchronises, all threads atomicAdd into s_hist over a grid-stride loop, synchronise again, and
// the bins are merged into the global histogram with atomicAdd. The merged global histogram is
// cleared by the host with cudaMemset before the launch.

#define THREADS 256
#define BINS 256

__global__ void histogram256(const unsigned char* __restrict__ data, int n, unsigned int* hist)
{
    __shared__ unsigned int s_hist[BINS];

    if (threadIdx.x == 0)
        memset(s_hist, 0, sizeof(s_hist));
    __syncthreads();

    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&s_hist[data[i]], 1u);
    __syncthreads();

    for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
        const unsigned int c = s_hist[b];
        if (c)
            atomicAdd(&hist[b], c);
    }
}

void launch_histogram256(const unsigned char* d_data, int n, unsigned int* d_hist, int blocks)
{
    cudaMemset(d_hist, 0, BINS * sizeof(unsigned int));
    histogram256<<<blocks, THREADS>>>(d_data, n, d_hist);
}
