// corpus-source: written from: CUDA C++ Programming Guide, "Memory Fence Functions" (__threadfence() + atomic counter hand-off)
// corpus-form: written
// syncproof-args: --block 256 --grid 2:264 --cooperative --param n=0:16777216
// corpus-expect: buggy ordering
// The libcu++ hand-off of handoff_atomicref_ok.cu with the consumer spinning on
// load(memory_order_relaxed): the producers' release fetch_add has no acquire to pair with, so the
// consumer's plain loads of staging[] after the spin (and __syncthreads) are unordered with the
// producers' stores and may read stale slots.

#include <cuda_runtime.h>
#include <cuda/atomic>

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
            cuda::atomic_ref<unsigned int, cuda::thread_scope_device> arrived(*done);
            arrived.fetch_add(1u, cuda::memory_order_release);
        }
    } else {
        // Consumer
        if (tid == 0) {
            cuda::atomic_ref<unsigned int, cuda::thread_scope_device> arrived(*done);
            while (arrived.load(cuda::memory_order_relaxed) != producers) {
            }
        }
        __syncthreads();

        float acc = 0.0f;
        for (unsigned int b = 0; b < producers; ++b)
            acc += staging[b * THREADS + tid]; // corpus-bug
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
