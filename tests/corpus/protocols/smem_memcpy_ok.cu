// corpus-source: written from: CUDA C++ Programming Guide, "Dynamic Global Memory Allocation and Operations" (device-side memcpy/memset) and "__syncthreads()"
// corpus-form: written
// syncproof-args: --block 128 --grid 1:4096 --param num_rows=0:4194304
// corpus-expect: correct
// Row rotation through a shared tile with device memcpy: each thread memcpy()s its 64-byte row
// from global memory into tile[threadIdx.x], __syncthreads(), then memcpy()s the row of its
// neighbour (threadIdx.x + 1) % 128 from the tile to its own output row; a second barrier guards
// the tile before the next grid-stride iteration overwrites it.

#define THREADS 128
#define ROW 16

__global__ void rotate_rows(const float* __restrict__ in, float* out, int num_rows)
{
    __shared__ float tile[THREADS * ROW];

    for (int row0 = blockIdx.x * THREADS; row0 < num_rows; row0 += gridDim.x * THREADS) {
        const int r = row0 + threadIdx.x;
        if (r < num_rows)
            memcpy(&tile[threadIdx.x * ROW], &in[(size_t)r * ROW], ROW * sizeof(float));
        __syncthreads();

        const int src_t = (threadIdx.x + 1) % THREADS;
        if (r < num_rows && row0 + src_t < num_rows)
            memcpy(&out[(size_t)r * ROW], &tile[src_t * ROW], ROW * sizeof(float));
        __syncthreads();
    }
}

void launch_rotate_rows(const float* d_in, float* d_out, int num_rows, int blocks)
{
    rotate_rows<<<blocks, THREADS>>>(d_in, d_out, num_rows);
}
