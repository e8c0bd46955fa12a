// corpus-source: written from: CUDA C++ Programming Guide, "Atomic Functions" and "Memory Fence Functions" (FIFO ticket lock, one thread per block)
// corpus-form: written
// syncproof-args: --block 128 --grid 1:65535 --param n=0:100000000
// corpus-expect: buggy ordering
// The ticket-lock append without the __threadfence() after the volatile spin: the relaxed load of
// now_serving is not an acquire, so the holder's plain load of log->len can return the value from
// before the previous holder's append; two blocks then write the same entries[len] slot and one
// record is lost (race on the log through the lock).

#define THREADS 128

struct LogEntry {
    unsigned int block;
    float        block_sum;
};

struct Log {
    unsigned int len;
    LogEntry     entries[65536];
};

__global__ void append_block_sums(const float* __restrict__ in, int n, unsigned int* next_ticket,
                                  unsigned int* now_serving, Log* log)
{
    __shared__ float s[THREADS];
    const unsigned int tid = threadIdx.x;

    float v = 0.0f;
    for (int i = blockIdx.x * THREADS + tid; i < n; i += gridDim.x * THREADS)
        v += in[i];
    s[tid] = v;
    __syncthreads();
    for (unsigned int stride = THREADS / 2; stride > 0; stride >>= 1) {
        if (tid < stride)
            s[tid] += s[tid + stride];
        __syncthreads();
    }

    if (tid == 0) {
        const unsigned int my = atomicAdd(next_ticket, 1u);
        while (*(volatile unsigned int*)now_serving != my) {
        }

        const unsigned int len         = log->len; // corpus-bug
        log->entries[len].block        = blockIdx.x;
        log->entries[len].block_sum    = s[0];
        log->len                       = len + 1;

        __threadfence();
        atomicExch(now_serving, my + 1);
    }
}

void launch_append_block_sums(const float* d_in, int n, unsigned int* d_tickets, Log* d_log, int blocks)
{
    cudaMemset(d_tickets, 0, 2 * sizeof(unsigned int)); // next_ticket, now_serving
    cudaMemset(d_log, 0, sizeof(unsigned int));
    append_block_sums<<<blocks, THREADS>>>(d_in, n, d_tickets, d_tickets + 1, d_log);
}
