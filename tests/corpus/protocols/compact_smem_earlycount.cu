// corpus-source: written from: CUDA C++ Programming Guide, "Atomic Functions" and "__syncthreads()" (block-local compaction with a shared-memory ticket)
// corpus-form: written
// syncproof-args: --block 256 --grid 1:4096 --param n=0:100000000
// corpus-expect: buggy race
// Shared-ticket compaction with thread 0 reading s_count before the __syncthreads() that ends the
// append phase: thread 0 reserves atomicAdd(out_count, s_count) while threads of other warps are
// still doing atomicAdd(&s_count, 1) (plain read racing with the shared atomics), so the global
// reservation is too small and later blocks' output overlaps this block's copy-out.

#define THREADS 256

__global__ void compact_positive(const float* __restrict__ in, int n, float* out, unsigned int* out_count)
{
    __shared__ float        s_vals[THREADS];
    __shared__ unsigned int s_count;
    __shared__ unsigned int s_base;

    const unsigned int tid = threadIdx.x;

    for (int tile = blockIdx.x * THREADS; tile < n; tile += gridDim.x * THREADS) {
        if (tid == 0)
            s_count = 0;
        __syncthreads();

        const int i = tile + tid;
        if (i < n) {
            const float v = in[i];
            if (v > 0.0f)
                s_vals[atomicAdd(&s_count, 1u)] = v;
        }

        if (tid == 0)
            s_base = atomicAdd(out_count, s_count); // corpus-bug
        __syncthreads();

        if (tid < s_count)
            out[s_base + tid] = s_vals[tid];
        __syncthreads();
    }
}

void launch_compact_positive(const float* d_in, int n, float* d_out, unsigned int* d_count, int blocks)
{
    cudaMemset(d_count, 0, sizeof(unsigned int));
    compact_positive<<<blocks, THREADS>>>(d_in, n, d_out, d_count);
}
