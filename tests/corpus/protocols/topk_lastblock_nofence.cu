// corpus-source: written from: NVIDIA/cccl@571f2fc3bc53cd710e306ad43d58995c1fe4219f:cub/cub/agent/agent_topk.cuh [AgentTopK::finalize_pass] (last-block protocol)
// corpus-form: written
// syncproof-args: --block 256 --grid 1:1024 --param n=0:16777216 --param k=1:256
// corpus-expect: buggy ordering
// The single-pass top-k without the __threadfence() before retirement: a block's plain candidate
// stores are not ordered before thread 0's relaxed atomicInc, so the last block can draw ticket
// gridDim.x-1 and load candidates[] of block A before A's stores are visible to it (stale merge):
// a cross-block race through the retirement counter.

#define BLOCK_THREADS 256
#define SORT_ITEMS (2 * BLOCK_THREADS)

struct TopKCounter {
    unsigned int finished_block_cnt; // wraps to 0 by atomicInc, so no reset is needed
};

// Sorts s_keys[0 .. SORT_ITEMS) in descending order; one comparator per thread per step.
__device__ void bitonic_sort_desc(unsigned int* s_keys)
{
    for (unsigned int size = 2; size <= SORT_ITEMS; size <<= 1) {
        for (unsigned int stride = size / 2; stride > 0; stride >>= 1) {
            __syncthreads();
            unsigned int pos  = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
            bool         desc = (pos & size) == 0;
            unsigned int a    = s_keys[pos];
            unsigned int b    = s_keys[pos + stride];
            if ((a < b) == desc) {
                s_keys[pos]          = b;
                s_keys[pos + stride] = a;
            }
        }
    }
    __syncthreads();
}

__global__ void topk_single_pass(const unsigned int* __restrict__ keys, int n, int k,
                                 unsigned int* candidates, TopKCounter* counter,
                                 unsigned int* out)
{
    __shared__ unsigned int s_keys[SORT_ITEMS];
    const unsigned int tid = threadIdx.x;

    // Phase 1: block-local top-k (s_keys[0 .. BLOCK_THREADS) holds the best keys so far).
    s_keys[tid] = 0u;
    for (int base = blockIdx.x * BLOCK_THREADS; base < n; base += gridDim.x * BLOCK_THREADS) {
        int i                         = base + tid;
        s_keys[BLOCK_THREADS + tid]   = (i < n) ? keys[i] : 0u;
        bitonic_sort_desc(s_keys);
    }
    if (tid < k)
        candidates[blockIdx.x * k + tid] = s_keys[tid];

    // Wait for all threads in this block to store their candidates before thread 0 signals completion
    __syncthreads();

    // Identify the last block in the grid to merge the candidates
    bool is_last_block = false;
    if (threadIdx.x == 0) {
        unsigned int finished = atomicInc(&counter->finished_block_cnt, gridDim.x - 1);
        is_last_block         = (finished == (gridDim.x - 1));
    }

    if (__syncthreads_or(is_last_block)) {
        // Phase 2: merge gridDim.x * k candidates.
        const unsigned int total = gridDim.x * k;
        s_keys[tid]              = 0u;
        for (unsigned int base = 0; base < total; base += BLOCK_THREADS) {
            unsigned int i              = base + tid;
            s_keys[BLOCK_THREADS + tid] = (i < total) ? candidates[i] : 0u; // corpus-bug
            bitonic_sort_desc(s_keys);
        }
        if (tid < k)
            out[tid] = s_keys[tid];
    }
}

void launch_topk_single_pass(const unsigned int* d_keys, int n, int k, unsigned int* d_candidates,
                             TopKCounter* d_counter, unsigned int* d_out, int blocks)
{
    topk_single_pass<<<blocks, BLOCK_THREADS>>>(d_keys, n, k, d_candidates, d_counter, d_out);
}
