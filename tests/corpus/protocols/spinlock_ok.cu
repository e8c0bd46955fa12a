// corpus-source: written from: CUDA C++ Programming Guide, "Atomic Functions" (atomicCAS/atomicExch) and "Memory Fence Functions" (spin lock around a critical section)
// corpus-form: written
// syncproof-args: --block 256 --grid 1:4096 --param n=0:100000000
// corpus-expect: correct
// Global statistics under a spin lock: each block reduces sum/max/count in shared memory, then
// thread 0 alone takes the lock with while (atomicCAS(lock, 0, 1) != 0), __threadfence(), updates
// the plain fields of *stats, __threadfence(), and releases with atomicExch(lock, 0). The fences
// make acquire/release patterns, so each holder sees the previous holder's updates.

#define THREADS 256

struct Stats {
    float        sum;
    float        max;
    unsigned int count;
};

__global__ void accumulate_stats(const float* __restrict__ in, int n, int* lock, Stats* stats)
{
    __shared__ float        s_sum[THREADS];
    __shared__ float        s_max[THREADS];
    __shared__ unsigned int s_cnt[THREADS];

    const unsigned int tid = threadIdx.x;
    float              sum = 0.0f, mx = -3.402823466e38f;
    unsigned int       cnt = 0;
    for (int i = blockIdx.x * THREADS + tid; i < n; i += gridDim.x * THREADS) {
        sum += in[i];
        mx = fmaxf(mx, in[i]);
        ++cnt;
    }
    s_sum[tid] = sum;
    s_max[tid] = mx;
    s_cnt[tid] = cnt;
    __syncthreads();
    for (unsigned int stride = THREADS / 2; stride > 0; stride >>= 1) {
        if (tid < stride) {
            s_sum[tid] += s_sum[tid + stride];
            s_max[tid] = fmaxf(s_max[tid], s_max[tid + stride]);
            s_cnt[tid] += s_cnt[tid + stride];
        }
        __syncthreads();
    }

    if (tid == 0) {
        while (atomicCAS(lock, 0, 1) != 0) {
        }
        __threadfence();

        stats->sum += s_sum[0];
        stats->max = fmaxf(stats->max, s_max[0]);
        stats->count += s_cnt[0];

        __threadfence();
        atomicExch(lock, 0);
    }
}

void launch_accumulate_stats(const float* d_in, int n, int* d_lock, Stats* d_stats, int blocks)
{
    accumulate_stats<<<blocks, THREADS>>>(d_in, n, d_lock, d_stats);
}
