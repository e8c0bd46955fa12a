// corpus-source: written from: PTX ISA 9.0 (CUDA 13.0), "Parallel Synchronization and Communication Instructions: mbarrier" (mbarrier.init, mbarrier.arrive, mbarrier.arrive.expect_tx, mbarrier.test_wait/try_wait: try_wait is potentially blocking and may return false when its time limit expires; "Phase Completion of the mbarrier object") and "cp.async.bulk"
// corpus-form: written
// syncproof-args: --block 96 --grid 1:132 --param k_tiles=0:100000
// corpus-expect: buggy race
// host launch: ws_ring_s2<<<grid, 96>>>(src, dst, k_tiles);  src: k_tiles*1024 floats, dst: grid*128 floats (cudaMalloc'd, distinct, 16-byte aligned)
//
// Warp 0 lane 0 produces; warps 1..2 (64 threads) consume, every consumer thread arrives.
// full[s]: count 1 + 4096 tx bytes.  empty[s]: count 64.
// Stage/phase kept as two ints per role; the producer starts at phase 1.
#include <cstdint>

#define S 2
#define TILE 1024
#define TILE_BYTES 4096u
#define NCONS 64

__device__ __forceinline__ uint32_t saddr(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }

__device__ __forceinline__ void mbar_init(uint64_t* b, uint32_t n) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(saddr(b)), "r"(n) : "memory");
}
// one probe; true when the phase with the given parity has completed
__device__ __forceinline__ bool mbar_try_wait(uint64_t* b, uint32_t parity) {
  uint32_t r;
  asm volatile("{\n\t.reg .pred q;\n\t"
               "mbarrier.try_wait.parity.shared::cta.b64 q, [%1], %2;\n\t"
               "selp.b32 %0, 1, 0, q;\n\t}"
               : "=r"(r) : "r"(saddr(b)), "r"(parity) : "memory");
  return r != 0;
}
__device__ __forceinline__ void mbar_arrive(uint64_t* b) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(saddr(b)) : "memory");
}
__device__ __forceinline__ void mbar_expect_tx(uint64_t* b, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(saddr(b)), "r"(bytes) : "memory");
}
__device__ __forceinline__ void bulk_g2s(void* dst, const void* src, uint32_t bytes, uint64_t* b) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
               :: "r"(saddr(dst)), "l"(src), "r"(bytes), "r"(saddr(b)) : "memory");
}

__global__ void ws_ring_s2(const float* __restrict__ src, float* __restrict__ dst, int k_tiles) {
  __shared__ __align__(128) float ring[S][TILE];
  __shared__ __align__(8) uint64_t full[S];
  __shared__ __align__(8) uint64_t empty[S];

  if (threadIdx.x == 0) {
    for (int s = 0; s < S; ++s) { mbar_init(&full[s], 1); mbar_init(&empty[s], NCONS); }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();

  if (threadIdx.x == 0) {
    int stage = 0, phase = 1;
    for (int k = 0; k < k_tiles; ++k) {
      mbar_try_wait(&empty[stage], phase);  // corpus-bug
      mbar_expect_tx(&full[stage], TILE_BYTES);
      bulk_g2s(ring[stage], src + (size_t)k * TILE, TILE_BYTES, &full[stage]);
      if (++stage == S) { stage = 0; phase ^= 1; }
    }
  } else if (threadIdx.x >= 32) {
    const int c = threadIdx.x - 32;
    float lo = 0.f, hi = 0.f;
    int stage = 0, phase = 0;
    for (int k = 0; k < k_tiles; ++k) {
      while (!mbar_try_wait(&full[stage], phase)) {}
      for (int j = c; j < TILE; j += 2 * NCONS) {
        lo += ring[stage][j];
        hi += ring[stage][j + NCONS];
      }
      mbar_arrive(&empty[stage]);
      if (++stage == S) { stage = 0; phase ^= 1; }
    }
    dst[2 * (blockIdx.x * NCONS + c)] = lo;
    dst[2 * (blockIdx.x * NCONS + c) + 1] = hi;
  }
}
