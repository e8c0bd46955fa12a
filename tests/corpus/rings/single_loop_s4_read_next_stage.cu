// corpus-source: written from: PTX ISA 9.0 (CUDA 13.0), "Parallel Synchronization and Communication Instructions: mbarrier" (mbarrier.init, mbarrier.arrive, mbarrier.arrive.expect_tx, mbarrier.try_wait.parity, "Phase Completion of the mbarrier object") and "cp.async.bulk"
// corpus-form: written
// syncproof-args: --block 192 --grid 1:132 --param k_tiles=0:100000
// corpus-expect: buggy async-copy
// host launch: single_loop_ring4<<<grid, 192>>>(src, dst, k_tiles);  src: k_tiles*1024 floats, dst: grid*192 floats (cudaMalloc'd, distinct, 16-byte aligned)
//
// Classic prologue / steady state with 4 stages and no warp specialization: all 192
// threads consume every tile; thread 0 issues tiles 0..2 in the prologue and tile
// k + 3 at the top of iteration k, into the stage iteration k - 1 released.
// full[s]: count 1 + 4096 tx bytes.  empty[s]: count 192 (every thread).
// The producer's empty waits use the round number: parity ((t / S) & 1) ^ 1 for tile t,
// which passes on the fresh barrier for t < S.
#include <cstdint>

constexpr int S = 4;
constexpr int TILE = 1024;
constexpr uint32_t TILE_BYTES = 4096;
constexpr int NT = 192;

__device__ __forceinline__ uint32_t s32(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }

__device__ __forceinline__ void mbar_init(uint64_t* b, uint32_t n) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(s32(b)), "r"(n) : "memory");
}
__device__ __forceinline__ void mbar_wait(uint64_t* b, uint32_t parity) {
  asm volatile("{\n\t"
               ".reg .pred P1;\n"
               "LAB_WAIT:\n\t"
               "mbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1;\n\t"
               "@P1 bra DONE;\n\t"
               "bra LAB_WAIT;\n"
               "DONE:\n\t"
               "}"
               :: "r"(s32(b)), "r"(parity) : "memory");
}
__device__ __forceinline__ void mbar_arrive(uint64_t* b) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(s32(b)) : "memory");
}
__device__ __forceinline__ void mbar_arrive_expect_tx(uint64_t* b, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(s32(b)), "r"(bytes) : "memory");
}
__device__ __forceinline__ void bulk_load(void* dst, const void* src, uint64_t* b) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
               :: "r"(s32(dst)), "l"(src), "n"(TILE_BYTES), "r"(s32(b)) : "memory");
}

__device__ __forceinline__ void produce(int t, const float* src, float (*ring)[TILE], uint64_t* full, uint64_t* empty) {
  const int s = t % S;
  mbar_wait(&empty[s], ((t / S) & 1) ^ 1);
  mbar_arrive_expect_tx(&full[s], TILE_BYTES);
  bulk_load(ring[s], src + (size_t)t * TILE, &full[s]);
}

__global__ void single_loop_ring4(const float* __restrict__ src, float* __restrict__ dst, int k_tiles) {
  __shared__ __align__(128) float ring[S][TILE];
  __shared__ __align__(8) uint64_t full[S];
  __shared__ __align__(8) uint64_t empty[S];

  const int tid = threadIdx.x;
  if (tid == 0) {
    for (int s = 0; s < S; ++s) { mbar_init(&full[s], 1); mbar_init(&empty[s], NT); }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();

  if (tid == 0)
    for (int t = 0; t < S - 1 && t < k_tiles; ++t) produce(t, src, ring, full, empty);

  float acc = 0.f;
  int stage = 0, phase = 0;
  for (int k = 0; k < k_tiles; ++k) {
    if (tid == 0 && k + S - 1 < k_tiles) produce(k + S - 1, src, ring, full, empty);

    mbar_wait(&full[stage], phase);
    for (int j = tid; j < TILE; j += NT)
      acc += ring[(stage + 1) % S][j];  // corpus-bug
    mbar_arrive(&empty[stage]);
    if (++stage == S) { stage = 0; phase ^= 1; }
  }
  dst[blockIdx.x * NT + tid] = acc;
}
