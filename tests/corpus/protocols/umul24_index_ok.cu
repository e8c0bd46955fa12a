// corpus-source: written from: CUDA C++ Programming Guide / CUDA Math API "__umul24" (24-bit integer multiply for thread indexing)
// corpus-form: written
// syncproof-args: --block 256 --grid 1:65535 --param n=0:16776960
// corpus-expect: correct
// Element-wise increment with the classic 24-bit index idx = __umul24(blockIdx.x, blockDim.x) +
// threadIdx.x. __umul24 multiplies the low 24 bits of its operands; with blockIdx.x < 65536 and
// blockDim.x = 256 both fit in 24 bits, so idx equals the true global index and every element is
// read-modified-written by exactly one thread.

#define THREADS 256

__global__ void increment_mul24(int* data, unsigned int n)
{
    const unsigned int idx = __umul24(blockIdx.x, blockDim.x) + threadIdx.x;
    if (idx < n)
        data[idx] += 1;
}

void launch_increment_mul24(int* d_data, unsigned int n)
{
    increment_mul24<<<(n + THREADS - 1) / THREADS, THREADS>>>(d_data, n);
}
