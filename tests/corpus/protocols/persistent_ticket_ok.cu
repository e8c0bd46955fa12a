// corpus-source: written from: CUDA C++ Programming Guide, "Atomic Functions" / "__syncthreads()" (persistent blocks with a global tile counter, work-queue pattern)
// corpus-form: written
// syncproof-args: --block 256 --grid 1:1056 --param num_tiles=0:1000000 --param tile_elems=1:4096
// corpus-expect: correct
// Persistent kernel: thread 0 draws the next tile with atomicAdd(next_tile, 1) into __shared__
// s_tile, __syncthreads() publishes it, the block exits when s_tile >= num_tiles, otherwise all
// threads process tile s_tile (each tile's output written only by the block that drew it), and a
// second __syncthreads() keeps thread 0 from overwriting s_tile while others still read it.

#define THREADS 256

__global__ void persistent_saxpy(const float* __restrict__ x, float* y, float a,
                                 unsigned int* next_tile, int num_tiles, int tile_elems)
{
    __shared__ int s_tile;

    while (true) {
        if (threadIdx.x == 0)
            s_tile = (int)atomicAdd(next_tile, 1u);
        __syncthreads();

        if (s_tile >= num_tiles)
            break;

        const long long base = (long long)s_tile * tile_elems;
        for (int j = threadIdx.x; j < tile_elems; j += blockDim.x)
            y[base + j] = a * x[base + j] + y[base + j];

        __syncthreads();
    }
}

// One wave of persistent blocks (blocks = SMs * blocks per SM); *next_tile is zeroed before launch.
void launch_persistent_saxpy(const float* d_x, float* d_y, float a, unsigned int* d_next, int num_tiles,
                             int tile_elems, int blocks)
{
    cudaMemset(d_next, 0, sizeof(unsigned int));
    persistent_saxpy<<<blocks, THREADS>>>(d_x, d_y, a, d_next, num_tiles, tile_elems);
}
