// corpus-source: written from: the persistent-threads work-queue pattern (Aila & Laine, "Understanding the Efficiency of Ray Traversal on GPUs", HPG 2009: a global counter fetched with atomicAdd) at block granularity, with the ticket broadcast through shared memory and __syncthreads as in the CUDA C++ Programming Guide's shared-memory rules
// corpus-form: written
// syncproof-args: --block 256 --grid 1:264 --param num_tiles=0:10000000
// corpus-expect: correct
// Same persistent ticket loop as persistent_ticket_ok.cu without the trailing __syncthreads. Thread 0 can finish
// its part of a tile, loop around and store the next ticket into s_tile (and other fast threads restage s_data)
// while slower threads are still reading s_tile / s_data of the current tile: shared-memory write-after-read
// races whenever a block claims two tiles.
// Relabelled correct (session 29, after syncproof proved it): no such race exists. Every thread reads
// s_tile before the second __syncthreads of its iteration, which thread 0 passes before it stores the
// next ticket; and every thread finishes its reads of s_data before it arrives at the next iteration's
// first __syncthreads, which the restaging threads pass before they write. The second barrier does
// the work of the missing trailing one.
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
  }
}
