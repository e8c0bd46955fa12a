// corpus-source: NVIDIA/cccl@571f2fc3bc53cd710e306ad43d58995c1fe4219f:cub/cub/agent/single_pass_scan_operators.cuh [ScanTileStatus, ScanTileState<T,false>::InitializeStatus/SetPartial/SetInclusive/WaitForValid] + cub/cub/detail/strong_store.cuh, strong_load.cuh [store_release, load_relaxed]
// corpus-form: adapted (as lookback_scan_ok.cu, with SetPartial/SetInclusive publishing the status through a relaxed store instead of store_release: seeded bug)
// syncproof-args: --kernel single_pass_scan --block 128 --grid 1:65535 --param n=0:8388480
// corpus-expect: buggy ordering
// Decoupled look-back whose two-word tile state publishes the status with st.relaxed.gpu: the
// st.cg of the partial/inclusive value is no longer ordered before the status store, so a successor
// can read status PARTIAL/INCLUSIVE (and fence) and then load the old value word (cross-block race
// through the status flag; the scan uses a garbage prefix).

// Original CUB code: Copyright (c) 2011, Duane Merrill; Copyright (c) 2011-2018, NVIDIA CORPORATION. BSD-3-Clause.

#define THREADS 128

enum ScanTileStatus
{
  SCAN_TILE_OOB, // Out-of-bounds (e.g., padding)
  SCAN_TILE_INVALID = 99, // Not yet processed
  SCAN_TILE_PARTIAL, // Tile aggregate is available
  SCAN_TILE_INCLUSIVE, // Inclusive tile prefix is available
};

// 16-byte value: too large to share one atomic word with the status, so CUB picks ScanTileState<T, false>.
struct Acc
{
  long long sum;
  long long selected;
};

__device__ __forceinline__ Acc operator+(Acc a, Acc b) { return Acc{a.sum + b.sum, a.selected + b.selected}; }

// detail::store_relaxed / detail::load_relaxed (SM70+ branches)
__device__ __forceinline__ void store_relaxed(unsigned int* ptr, unsigned int val)
{
  asm volatile("st.relaxed.gpu.u32 [%0], %1;" : : "l"(ptr), "r"(val) : "memory");
}
__device__ __forceinline__ unsigned int load_relaxed(unsigned int const* ptr)
{
  unsigned int retval;
  asm volatile("ld.relaxed.gpu.u32 %0, [%1];" : "=r"(retval) : "l"(ptr) : "memory");
  return retval;
}
// ThreadStore<STORE_CG> / ThreadLoad<LOAD_CG> of the 16-byte value
__device__ __forceinline__ void store_cg(Acc* ptr, Acc v)
{
  asm volatile("st.global.cg.v2.s64 [%0], {%1, %2};" : : "l"(ptr), "l"(v.sum), "l"(v.selected) : "memory");
}
__device__ __forceinline__ Acc load_cg(const Acc* ptr)
{
  Acc v;
  asm volatile("ld.global.cg.v2.s64 {%0, %1}, [%2];" : "=l"(v.sum), "=l"(v.selected) : "l"(ptr) : "memory");
  return v;
}

struct ScanTileState
{
  using StatusWord = unsigned int;
  static constexpr int TILE_STATUS_PADDING = 32;

  StatusWord* d_tile_status;
  Acc* d_tile_partial;
  Acc* d_tile_inclusive;

  __device__ __forceinline__ void InitializeStatus(int num_tiles)
  {
    int tile_idx = static_cast<int>((blockIdx.x * blockDim.x) + threadIdx.x);
    if (tile_idx < num_tiles)
    {
      // Not-yet-set
      d_tile_status[TILE_STATUS_PADDING + tile_idx] = StatusWord(SCAN_TILE_INVALID);
    }

    if ((blockIdx.x == 0) && (threadIdx.x < TILE_STATUS_PADDING))
    {
      // Padding
      d_tile_status[threadIdx.x] = StatusWord(SCAN_TILE_OOB);
    }
  }

  __device__ __forceinline__ void SetInclusive(int tile_idx, Acc tile_inclusive)
  {
    // Update tile inclusive value
    store_cg(d_tile_inclusive + TILE_STATUS_PADDING + tile_idx, tile_inclusive);
    store_relaxed(d_tile_status + TILE_STATUS_PADDING + tile_idx, StatusWord(SCAN_TILE_INCLUSIVE));
  }

  __device__ __forceinline__ void SetPartial(int tile_idx, Acc tile_partial)
  {
    // Update tile partial value
    store_cg(d_tile_partial + TILE_STATUS_PADDING + tile_idx, tile_partial);
    store_relaxed(d_tile_status + TILE_STATUS_PADDING + tile_idx, StatusWord(SCAN_TILE_PARTIAL));
  }

  __device__ __forceinline__ void WaitForValid(int tile_idx, StatusWord& status, Acc& value)
  {
    do
    {
      status = load_relaxed(d_tile_status + TILE_STATUS_PADDING + tile_idx);
      __threadfence();
    } while (status == SCAN_TILE_INVALID);

    if (status == StatusWord(SCAN_TILE_PARTIAL))
    {
      value = load_cg(d_tile_partial + TILE_STATUS_PADDING + tile_idx); // corpus-bug
    }
    else if (status == StatusWord(SCAN_TILE_INCLUSIVE))
    {
      value = load_cg(d_tile_inclusive + TILE_STATUS_PADDING + tile_idx);
    }
  }
};

__global__ void init_tile_state(ScanTileState tile_state, int num_tiles)
{
  tile_state.InitializeStatus(num_tiles);
}

// Exclusive scan of (x, x > 0); tile b = blockIdx.x covers in[b*128 .. b*128+128).
__global__ void single_pass_scan(const int* __restrict__ in, Acc* out, int n, ScanTileState tile_state)
{
  __shared__ Acc s_scan[2][THREADS];
  __shared__ Acc s_exclusive;

  const int tid      = threadIdx.x;
  const int tile_idx = blockIdx.x;
  const int i        = tile_idx * THREADS + tid;
  const int x        = (i < n) ? in[i] : 0;

  // Block-wide inclusive scan (Hillis-Steele, double buffered).
  int buf          = 0;
  s_scan[0][tid]   = Acc{x, x > 0 ? 1 : 0};
  __syncthreads();
  for (int offset = 1; offset < THREADS; offset <<= 1)
  {
    Acc v = s_scan[buf][tid];
    if (tid >= offset)
      v = s_scan[buf][tid - offset] + v;
    s_scan[buf ^ 1][tid] = v;
    buf ^= 1;
    __syncthreads();
  }
  const Acc inclusive = s_scan[buf][tid];

  // Decoupled look-back by thread 0.
  if (tid == 0)
  {
    const Acc block_aggregate = s_scan[buf][THREADS - 1];
    if (tile_idx == 0)
    {
      tile_state.SetInclusive(0, block_aggregate);
      s_exclusive = Acc{0, 0};
    }
    else
    {
      tile_state.SetPartial(tile_idx, block_aggregate);
      Acc exclusive{0, 0};
      int predecessor = tile_idx - 1;
      while (true)
      {
        unsigned int status;
        Acc value{0, 0};
        tile_state.WaitForValid(predecessor, status, value);
        exclusive = value + exclusive;
        if (status == SCAN_TILE_INCLUSIVE)
          break;
        --predecessor;
      }
      tile_state.SetInclusive(tile_idx, exclusive + block_aggregate);
      s_exclusive = exclusive;
    }
  }
  __syncthreads();

  if (i < n)
  {
    Acc excl = s_exclusive + inclusive;
    excl.sum -= x;
    excl.selected -= (x > 0 ? 1 : 0);
    out[i] = excl;
  }
}

// Host: tile state arrays sized 32 + num_tiles; init kernel, then one block per tile.
void launch_single_pass_scan(const int* d_in, Acc* d_out, int n, ScanTileState ts)
{
  int num_tiles = (n + THREADS - 1) / THREADS;
  init_tile_state<<<(num_tiles + THREADS - 1) / THREADS, THREADS>>>(ts, num_tiles);
  single_pass_scan<<<num_tiles, THREADS>>>(d_in, d_out, n, ts);
}
