// corpus-source: written from: CUDA C++ Programming Guide / CUDA Math API "__umul24" (24-bit integer multiply for thread indexing)
// corpus-form: written
// syncproof-args: --block 32 --grid 1:33554432 --param n=0:1073741824
// corpus-expect: buggy race
// The 24-bit index kernel launched over up to 2^30 elements with 32-thread blocks, so blockIdx.x
// reaches 2^24 and beyond. __umul24 keeps only the low 24 bits of blockIdx.x: block 2^24 computes
// idx = threadIdx.x, the same elements as block 0, and both do data[idx] += 1 unsynchronised
// (read-modify-write race between two blocks; the elements of block 2^24 are never touched).

#define THREADS 32

__global__ void increment_mul24(int* data, unsigned int n)
{
    const unsigned int idx = __umul24(blockIdx.x, blockDim.x) + threadIdx.x;
    if (idx < n)
        data[idx] += 1; // corpus-bug
}

void launch_increment_mul24(int* d_data, unsigned int n)
{
    increment_mul24<<<(n + THREADS - 1) / THREADS, THREADS>>>(d_data, n);
}
