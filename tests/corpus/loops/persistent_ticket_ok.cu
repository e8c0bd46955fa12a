// corpus-source: written from: the persistent-threads work-queue pattern (Aila & Laine, "Understanding the Efficiency of Ray Traversal on GPUs", HPG 2009: a global counter fetched with atomicAdd) at block granularity, with the ticket broadcast through shared memory and __syncthreads as in the CUDA C++ Programming Guide's shared-memory rules
// corpus-form: written
// syncproof-args: --block 256 --grid 1:264 --param num_tiles=0:10000000
// corpus-expect: correct
// Persistent blocks loop claiming tiles: thread 0 takes a ticket with atomicAdd(next_tile, 1) into s_tile,
// __syncthreads publishes it, every thread reads it (uniform exit when the queue is drained), the tile is staged
// in shared memory and smoothed. The trailing __syncthreads keeps thread 0's next ticket store and the next
// tile's staging after every thread's reads of s_tile and s_data. The host zeroes *next_tile before the launch.
constexpr int kThreads = 256;
constexpr int kTile = 1024;

__global__ void __launch_bounds__(kThreads)
persistent_smooth(const float* __restrict__ in, float* __restrict__ out, int* next_tile, int num_tiles) {
  __shared__ int s_tile;
  __shared__ float s_data[kTile];
  const int t = threadIdx.x;

  while (true) {
    if (t == 0) s_tile = atomicAdd(next_tile, 1);
    __syncthreads();
    const int tile = s_tile;
    if (tile >= num_tiles) break;

    for (int j = t; j < kTile; j += kThreads) s_data[j] = in[size_t(tile) * kTile + j];
    __syncthreads();
    for (int j = t; j < kTile; j += kThreads)
      out[size_t(tile) * kTile + j] = 0.25f * s_data[(j + kTile - 1) % kTile] + 0.5f * s_data[j] + 0.25f * s_data[(j + 1) % kTile];
    __syncthreads();  // s_tile and s_data are overwritten by the next claim
  }
}
