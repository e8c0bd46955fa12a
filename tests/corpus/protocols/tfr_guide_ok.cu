// corpus-source: written from: CUDA C++ Programming Guide, "Memory Fence Functions" (__threadfence() sum example)
// corpus-form: written
// syncproof-args: --block 256 --grid 1:1024 --param N=0:67108864
// corpus-expect: correct
// The Programming Guide's example: each block computes a partial sum, thread 0 stores it to the
// volatile result[blockIdx.x], __threadfence(), atomicInc(&count, gridDim.x); the block whose value
// is gridDim.x-1 sets the __shared__ isLastBlockDone, __syncthreads() publishes it, and the last
// block sums result[0..gridDim.x) and resets count. calculate*Sum are block reductions (barriers).

#define BLOCK_SIZE 256

__device__ unsigned int count = 0;
__shared__ bool isLastBlockDone;

// Block-wide tree reduction; every thread gets the block total.
__device__ float blockReduceSum(float v)
{
    __shared__ float s[BLOCK_SIZE];
    s[threadIdx.x] = v;
    __syncthreads();
    for (unsigned int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride)
            s[threadIdx.x] += s[threadIdx.x + stride];
        __syncthreads();
    }
    float total = s[0];
    __syncthreads(); // s is reused by the next call
    return total;
}

__device__ float calculatePartialSum(const float* array, unsigned int N)
{
    float v = 0.0f;
    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x)
        v += array[i];
    return blockReduceSum(v);
}

__device__ float calculateTotalSum(volatile float* result)
{
    float v = 0.0f;
    for (unsigned int i = threadIdx.x; i < gridDim.x; i += blockDim.x)
        v += result[i];
    return blockReduceSum(v);
}

__global__ void sum(const float* array, unsigned int N,
                    volatile float* result)
{
    // Each block sums a subset of the input array.
    float partialSum = calculatePartialSum(array, N);

    if (threadIdx.x == 0) {

        // Thread 0 of each block stores the partial sum
        // to global memory.
        result[blockIdx.x] = partialSum;

        // Thread 0 makes sure that the incrementation
        // of the "count" variable is only performed after
        // the partial sum has been written to global memory.
        __threadfence();

        // Thread 0 signals that it is done.
        unsigned int value = atomicInc(&count, gridDim.x);

        // Thread 0 determines if its block is the last
        // block to be done.
        isLastBlockDone = (value == (gridDim.x - 1));
    }

    // Synchronize to make sure that each thread reads
    // the correct value of isLastBlockDone.
    __syncthreads();

    if (isLastBlockDone) {

        // The last block sums the partial sums
        // stored in result[0 .. gridDim.x-1]
        float totalSum = calculateTotalSum(result);

        if (threadIdx.x == 0) {

            // Thread 0 of last block stores the total sum
            // to global memory and resets the count
            // variable, so that the next kernel call
            // works properly.
            result[0] = totalSum;
            count = 0;
        }
    }
}

void launchSum(const float* d_array, unsigned int N, float* d_result, int blocks)
{
    sum<<<blocks, BLOCK_SIZE>>>(d_array, N, d_result);
}
