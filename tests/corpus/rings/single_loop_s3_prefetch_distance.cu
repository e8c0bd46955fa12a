// corpus-source: written from: PTX ISA 9.0 (CUDA 13.0), "Parallel Synchronization and Communication Instructions: mbarrier" (mbarrier.init, mbarrier.arrive, mbarrier.arrive.expect_tx, mbarrier.try_wait.parity, "Phase Completion of the mbarrier object") and "cp.async.bulk"
// corpus-form: written
// syncproof-args: --block 128 --grid 1:132 --param n_steps=0:100000
// corpus-expect: buggy deadlock
// host launch: single_loop_ring<<<grid, 128>>>(in, out, n_steps);  in: n_steps*1024 floats, out: grid*128 floats (cudaMalloc'd, distinct, 16-byte aligned)
//
// No warp specialization: all 128 threads run one loop and consume every tile;
// thread 0 is also the producer and keeps AHEAD = S - 1 tiles in flight
// (prologue issues tiles 0..S-2, iteration k issues tile k + S - 1 into the stage
// that iteration k - 1 consumed).
// full[s]: count 1 + 4096 tx bytes.  empty[s]: count 128 (every thread, thread 0 included).
// Thread 0's producer state starts at phase 1, so the waits for the first S tiles
// pass on the fresh empty barriers.
#include <cstdint>

constexpr int S = 3;
constexpr int AHEAD = S;  // corpus-bug
constexpr int TILE = 1024;
constexpr uint32_t TILE_BYTES = TILE * 4;
constexpr int NTHREADS = 128;

__device__ __forceinline__ uint32_t smem_addr(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }

__device__ __forceinline__ void mbar_init(uint64_t* bar, uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(smem_addr(bar)), "r"(count) : "memory");
}
__device__ __forceinline__ void mbar_wait(uint64_t* bar, uint32_t parity) {
  asm volatile("{\n\t"
               ".reg .pred done;\n"
               "WAIT_LOOP:\n\t"
               "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n\t"
               "@!done bra WAIT_LOOP;\n\t"
               "}"
               :: "r"(smem_addr(bar)), "r"(parity) : "memory");
}
__device__ __forceinline__ void mbar_arrive(uint64_t* bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(smem_addr(bar)) : "memory");
}
__device__ __forceinline__ void mbar_expect_tx(uint64_t* bar, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(smem_addr(bar)), "r"(bytes) : "memory");
}
__device__ __forceinline__ void tma_load_1d(void* dst, const void* src, uint64_t* bar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
               :: "r"(smem_addr(dst)), "l"(src), "n"(TILE_BYTES), "r"(smem_addr(bar)) : "memory");
}

__global__ void single_loop_ring(const float* __restrict__ in, float* __restrict__ out, int n_steps) {
  __shared__ __align__(128) float tiles[S][TILE];
  __shared__ __align__(8) uint64_t full[S];
  __shared__ __align__(8) uint64_t empty[S];

  const int tid = threadIdx.x;
  if (tid == 0) {
    for (int s = 0; s < S; ++s) {
      mbar_init(&full[s], 1);
      mbar_init(&empty[s], NTHREADS);
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();

  int pstage = 0, pphase = 1;  // producer (thread 0 only)
  int cstage = 0, cphase = 0;  // consumer (every thread)

  // prologue: fill AHEAD stages
  if (tid == 0) {
    for (int t = 0; t < AHEAD && t < n_steps; ++t) {
      mbar_wait(&empty[pstage], pphase);
      mbar_expect_tx(&full[pstage], TILE_BYTES);
      tma_load_1d(tiles[pstage], in + (size_t)t * TILE, &full[pstage]);
      if (++pstage == S) { pstage = 0; pphase ^= 1; }
    }
  }

  float acc = 0.f;
  for (int k = 0; k < n_steps; ++k) {
    // steady state: refill the stage consumed in iteration k - 1
    if (tid == 0 && k + AHEAD < n_steps) {
      mbar_wait(&empty[pstage], pphase);
      mbar_expect_tx(&full[pstage], TILE_BYTES);
      tma_load_1d(tiles[pstage], in + (size_t)(k + AHEAD) * TILE, &full[pstage]);
      if (++pstage == S) { pstage = 0; pphase ^= 1; }
    }

    mbar_wait(&full[cstage], cphase);
    for (int j = tid; j < TILE; j += NTHREADS)
      acc += tiles[cstage][j] * tiles[cstage][j];
    mbar_arrive(&empty[cstage]);
    if (++cstage == S) { cstage = 0; cphase ^= 1; }
  }
  out[blockIdx.x * NTHREADS + tid] = acc;
}
