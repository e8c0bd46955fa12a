// corpus-source: written from: CUDA C++ Programming Guide, "Atomic Functions" / "__syncthreads()" (persistent blocks with a global tile counter, work-queue pattern)
// corpus-form: written
// syncproof-args: --block 256 --grid 1:1056 --param num_tiles=0:1000000 --param tile_elems=1:4096
// corpus-expect: buggy race
// Persistent tile loop without the second __syncthreads(): thread 0 finishes its share of tile t,
// loops and stores the next ticket into s_tile while threads of other warps still read s_tile for
// tile t (shared-memory race); they then skip the rest of tile t and work on the new one, or break
// early, leaving the block's next __syncthreads() divergent.

#define THREADS 256

__global__ void persistent_saxpy(const float* __restrict__ x, float* y, float a,
                                 unsigned int* next_tile, int num_tiles, int tile_elems)
{
    __shared__ int s_tile;

    while (true) {
        if (threadIdx.x == 0)
            s_tile = (int)atomicAdd(next_tile, 1u);
        __syncthreads();

        if (s_tile >= num_tiles) // corpus-bug
            break;

        const long long base = (long long)s_tile * tile_elems;
        for (int j = threadIdx.x; j < tile_elems; j += blockDim.x)
            y[base + j] = a * x[base + j] + y[base + j];
    }
}

// One wave of persistent blocks (blocks = SMs * blocks per SM); *next_tile is zeroed before launch.
void launch_persistent_saxpy(const float* d_x, float* d_y, float a, unsigned int* d_next, int num_tiles,
                             int tile_elems, int blocks)
{
    cudaMemset(d_next, 0, sizeof(unsigned int));
    persistent_saxpy<<<blocks, THREADS>>>(d_x, d_y, a, d_next, num_tiles, tile_elems);
}
