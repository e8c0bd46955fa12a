// corpus-source: written from: PTX ISA 9.0 (CUDA 13.0), "Parallel Synchronization and Communication Instructions: mbarrier" (mbarrier.init, mbarrier.arrive, mbarrier.arrive.expect_tx, mbarrier.test_wait/try_wait .parity, "Phase Completion of the mbarrier object", "tx-count") and "cp.async.bulk"
// corpus-form: written
// syncproof-args: --block 288 --grid 1:132 --param k_tiles=0:100000
// corpus-expect: buggy deadlock
// host launch: ws_thread_release<<<grid, 288>>>(x, y, k_tiles);  x: k_tiles*1024 floats, y: grid*256 floats (cudaMalloc'd, distinct, 16-byte aligned)
//
// Warp 0 lane 0 is the producer; warps 1..8 (256 threads) consume.
// full[s]: count 1 (arrive.expect_tx) + 4096 tx bytes per phase.
// empty[s]: count 256, every consumer thread arrives once per tile.
// Producer state starts at phase 1 (a wait on parity 1 of a fresh mbarrier succeeds at once).
#include <cstdint>

constexpr uint32_t S = 3;
constexpr uint32_t TILE = 1024;                       // floats per tile
constexpr uint32_t TILE_BYTES = TILE * sizeof(float);  // 4096
constexpr uint32_t NUM_CONSUMERS = 256;

struct RingState {
  uint32_t stage = 0;
  uint32_t phase = 0;
  __device__ void advance() {
    if (++stage == S) { stage = 0; phase ^= 1; }
  }
};

__device__ __forceinline__ uint32_t sa(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }

__device__ __forceinline__ void mbar_init(uint64_t* b, uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(sa(b)), "r"(count) : "memory");
}
__device__ __forceinline__ bool mbar_try_wait(uint64_t* b, uint32_t parity) {
  uint32_t ok;
  asm volatile("{\n\t.reg .pred p;\n\t"
               "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
               "selp.u32 %0, 1, 0, p;\n\t}"
               : "=r"(ok) : "r"(sa(b)), "r"(parity) : "memory");
  return ok;
}
__device__ __forceinline__ void mbar_wait(uint64_t* b, uint32_t parity) {
  while (!mbar_try_wait(b, parity)) {
  }
}
__device__ __forceinline__ void mbar_arrive(uint64_t* b) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(sa(b)) : "memory");
}
__device__ __forceinline__ void mbar_arrive_expect_tx(uint64_t* b, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(sa(b)), "r"(bytes) : "memory");
}
__device__ __forceinline__ void bulk_load(void* dst, const void* src, uint32_t bytes, uint64_t* b) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
               :: "r"(sa(dst)), "l"(src), "r"(bytes), "r"(sa(b)) : "memory");
}

__global__ void ws_thread_release(const float* __restrict__ x, float* __restrict__ y, int k_tiles) {
  __shared__ __align__(128) float buf[S][TILE];
  __shared__ __align__(8) uint64_t full[S], empty[S];

  if (threadIdx.x == 0) {
    for (uint32_t s = 0; s < S; ++s) {
      mbar_init(&full[s], 1);
      mbar_init(&empty[s], blockDim.x);  // corpus-bug
    }
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  }
  __syncthreads();

  if (threadIdx.x < 32) {
    if (threadIdx.x == 0) {
      RingState w{0, 1};
      for (int k = 0; k < k_tiles; ++k) {
        mbar_wait(&empty[w.stage], w.phase);
        mbar_arrive_expect_tx(&full[w.stage], TILE_BYTES);
        bulk_load(buf[w.stage], x + (size_t)k * TILE, TILE_BYTES, &full[w.stage]);
        w.advance();
      }
    }
    return;
  }

  const uint32_t c = threadIdx.x - 32;
  float m = 0.f;
  RingState r;
  for (int k = 0; k < k_tiles; ++k) {
    mbar_wait(&full[r.stage], r.phase);
    for (uint32_t j = c; j < TILE; j += NUM_CONSUMERS)
      m = fmaxf(m, buf[r.stage][j]);
    mbar_arrive(&empty[r.stage]);
    r.advance();
  }
  y[blockIdx.x * NUM_CONSUMERS + c] = m;
}
