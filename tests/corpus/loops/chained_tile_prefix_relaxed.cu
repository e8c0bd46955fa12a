// corpus-source: written from: single-pass chained-scan tile-prefix propagation (Merrill & Garland, "Single-pass Parallel Prefix Scan with Decoupled Look-back", NVR-2016-002, the "chained scan" baseline with dynamically assigned tile ids) using libcu++ cuda::atomic_ref with memory_order_release / memory_order_acquire
// corpus-form: written
// syncproof-args: --block 256 --grid 1:1024 --param num_tiles=0:10000000
// corpus-expect: buggy ordering
// Same chained tile-prefix loop as chained_tile_prefix_ok.cu, but thread 0 polls flag[tile-1] with
// memory_order_relaxed. Seeing the flag set then does not make the predecessor's plain store to
// aggregate[tile-1] visible, so with two or more tiles a block can read a stale aggregate (a cross-block race).
#include <cuda/atomic>

constexpr int kThreads = 256;
constexpr int kItems = 4;
constexpr int kTile = kThreads * kItems;

__global__ void __launch_bounds__(kThreads)
chained_tile_prefix(const int* __restrict__ in, int* __restrict__ out, unsigned int* tile_counter, int* aggregate,
                    unsigned int* flag, int num_tiles) {
  __shared__ int s_tile, s_prefix;
  __shared__ int s_warp[kThreads / 32];
  const int t = threadIdx.x, lane = t % 32, warp = t / 32;

  while (true) {
    if (t == 0) s_tile = (int)atomicAdd(tile_counter, 1u);
    __syncthreads();
    const int tile = s_tile;
    if (tile >= num_tiles) break;

    int v[kItems], sum = 0;
    for (int i = 0; i < kItems; ++i) { v[i] = in[size_t(tile) * kTile + i * kThreads + t]; sum += v[i]; }
    for (int off = 16; off > 0; off /= 2) sum += __shfl_down_sync(0xffffffff, sum, off);
    if (lane == 0) s_warp[warp] = sum;
    __syncthreads();

    if (t == 0) {
      int total = 0;
      for (int w = 0; w < kThreads / 32; ++w) total += s_warp[w];
      int prefix = 0;
      if (tile > 0) {
        cuda::atomic_ref<unsigned int, cuda::thread_scope_device> pred(flag[tile - 1]);
        while (pred.load(cuda::memory_order_relaxed) == 0u) {  // corpus-bug
        }
        prefix = aggregate[tile - 1];  // inclusive prefix of the predecessor tile
      }
      aggregate[tile] = prefix + total;
      cuda::atomic_ref<unsigned int, cuda::thread_scope_device>(flag[tile]).store(1u, cuda::memory_order_release);
      s_prefix = prefix;
    }
    __syncthreads();
    for (int i = 0; i < kItems; ++i) out[size_t(tile) * kTile + i * kThreads + t] = v[i] + s_prefix;
    __syncthreads();  // s_tile, s_warp and s_prefix are rewritten for the next tile
  }
}
