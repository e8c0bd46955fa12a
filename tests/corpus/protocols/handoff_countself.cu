// corpus-source: written from: CUDA C++ Programming Guide, "Memory Fence Functions" (__threadfence() + atomic counter hand-off)
// corpus-form: written
// syncproof-args: --block 256 --grid 2:264 --cooperative --param n=0:16777216
// corpus-expect: buggy deadlock
// The hand-off of handoff_ok.cu with the spin target counting the consumer block too: thread 0 of
// the last block waits for *done == gridDim.x, but only the gridDim.x-1 producers increment done,
// so the loop never exits and the consumer block (and the cooperative grid) hangs.

#include <cuda_runtime.h>

#define THREADS 256

__global__ void produce_consume(const float* __restrict__ in, int n, float* staging,
                                unsigned int* done, float* out)
{
    const unsigned int tid       = threadIdx.x;
    const unsigned int producers = gridDim.x - 1;

    if (blockIdx.x < producers) {
        // Producer: thread tid of block b sums in[] with stride producers*THREADS.
        float v = 0.0f;
        for (int i = blockIdx.x * THREADS + tid; i < n; i += producers * THREADS)
            v += in[i];
        staging[blockIdx.x * THREADS + tid] = v;

        __syncthreads();
        if (tid == 0) {
            __threadfence();
            atomicAdd(done, 1u);
        }
    } else {
        // Consumer
        if (tid == 0) {
            while (*(volatile unsigned int*)done != gridDim.x) { // corpus-bug
            }
            __threadfence();
        }
        __syncthreads();

        float acc = 0.0f;
        for (unsigned int b = 0; b < producers; ++b)
            acc += staging[b * THREADS + tid];
        out[tid] = acc;
    }
}

// The consumer spins on other blocks, so the grid is launched cooperatively (all blocks co-resident).
cudaError_t launch_produce_consume(const float* d_in, int n, float* d_staging, unsigned int* d_done,
                                   float* d_out, int blocks, cudaStream_t stream)
{
    cudaMemsetAsync(d_done, 0, sizeof(unsigned int), stream);
    void* args[] = {(void*)&d_in, (void*)&n, (void*)&d_staging, (void*)&d_done, (void*)&d_out};
    return cudaLaunchCooperativeKernel((const void*)produce_consume, dim3(blocks), dim3(THREADS), args, 0,
                                       stream);
}
