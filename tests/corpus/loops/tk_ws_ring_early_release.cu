// corpus-source: HazyResearch/ThunderKittens@0b55588d2769dde0c7a9a606ffc015b0ca7a9551:kernels/gemm/educational_h100/level_07.cu [kernel], include/ops/thread/util/sync.cuh [init_semaphore, arrive, wait], include/ops/thread/util/tma.cuh [expect_bytes, load_async], include/ops/group/group.cuh [sync]
// corpus-form: adapted (st_bf tiles, tensor TMA and warpgroup::mma_AB replaced by 1D tma::load_async of pre-packed fp32 tiles and an FMA loop; two consumer warpgroups as in level_08; warpgroup::sync before the lane-0 empty arrive because reads are generic; fence.mbarrier_init after the inits)
// syncproof-args: --block 384 --grid 1:1024,1:1024 --param N=0:1000000
// corpus-expect: buggy race
// Same ring as tk_ws_ring_ok.cu, but each consumer warpgroup releases the stage (thread 0 arrives on
// empty[qidx]) right after the full wait, before its threads read As/Bs[qidx]. Once both consumer warpgroups
// have arrived the producer's wait(empty[qidx], p) completes and the next tma::load_async overwrites the stage
// while consumer threads are still reading it: async-proxy write racing with generic reads.
#include <cstdint>

// ---- from include/ops/thread/util/sync.cuh and include/ops/thread/util/tma.cuh (namespace kittens);
// ---- "memory" clobbers added to wait/expect_bytes so the compiler keeps shared-memory reads after the wait
namespace kittens {
struct semaphore {
 private:
  uint64_t value;
};  // opaque

__device__ static inline void init_semaphore(semaphore& bar, int thread_count, int transaction_count = 0) {
  void const* const ptr = &bar;
  uint32_t bar_ptr = static_cast<uint32_t>(__cvta_generic_to_shared(ptr));
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(bar_ptr), "r"(thread_count + transaction_count));
}

__device__ static inline void arrive(semaphore& sem, uint32_t count) {
  uint32_t mbar_ptr = static_cast<uint32_t>(__cvta_generic_to_shared(&sem));
  asm volatile("mbarrier.arrive.release.cta.shared::cta.b64 _, [%0], %1;\n" : : "r"(mbar_ptr), "r"(count) : "memory");
}

__device__ static inline void wait(semaphore& sem, int kPhaseBit) {
  void const* const ptr = &sem;
  uint32_t mbar_ptr = static_cast<uint32_t>(__cvta_generic_to_shared(ptr));
  asm volatile(
      "{\n"
      ".reg .pred                P1;\n"
      "LAB_WAIT:\n"
      "mbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1;\n"
      "@P1                       bra.uni DONE;\n"
      "bra.uni                   LAB_WAIT;\n"
      "DONE:\n"
      "}\n" ::"r"(mbar_ptr),
      "r"(kPhaseBit)
      : "memory");
}

namespace tma {
__device__ static inline void expect_bytes(semaphore& bar, uint32_t bytes) {
  void const* const ptr = &bar;
  uint32_t bar_ptr = static_cast<uint32_t>(__cvta_generic_to_shared(ptr));
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(bar_ptr), "r"(bytes) : "memory");
}
// Non-tensor TMA transfer
__device__ static inline void load_async(void* dst, const void* src, uint32_t size_bytes, semaphore& bar) {
  asm volatile("cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];\n" ::"r"(
                   static_cast<uint32_t>(__cvta_generic_to_shared(dst))),
               "l"(src), "r"(size_bytes), "r"(static_cast<uint32_t>(__cvta_generic_to_shared(&bar)))
               : "memory");
}
}  // namespace tma

namespace warpgroup {
__device__ static inline int laneid() { return threadIdx.x % 128; }
// kittens::warpgroup::sync(id): named barrier over the 4 warps of this warpgroup
__device__ static inline void sync(int id) { asm volatile("bar.sync %0, %1;\n" ::"r"(id), "n"(128) : "memory"); }
}  // namespace warpgroup
}  // namespace kittens

using namespace kittens;

static constexpr int BLOCK_SIZE = 64;   // output tile is (2*64) x 64
static constexpr int BLOCK_K = 16;
static constexpr int QSIZE = 2;         // Double buffering
static constexpr int NUM_WORKERS = 12;
static constexpr int NUM_THREADS = NUM_WORKERS * 32;
static constexpr uint32_t A_BYTES = BLOCK_SIZE * BLOCK_K * sizeof(float);
static constexpr uint32_t B_BYTES = BLOCK_K * BLOCK_SIZE * sizeof(float);

// A_packed: [gridDim.y*2][num_tiles][64*16], B_packed: [gridDim.x][num_tiles][16*64], C_packed: [grid][2][64*64]
__global__ void __launch_bounds__(NUM_THREADS, 1)
kernel(const float* __restrict__ A_packed, const float* __restrict__ B_packed, float* __restrict__ C_packed, int N) {
  __shared__ alignas(128) float As[QSIZE][2][BLOCK_SIZE * BLOCK_K];
  __shared__ alignas(128) float Bs[QSIZE][BLOCK_K * BLOCK_SIZE];

  int row = blockIdx.y, col = blockIdx.x;
  int num_tiles = (N + BLOCK_K - 1) / BLOCK_K;

  const int warpid = threadIdx.x / 32;
  const int warpgroupid = warpid / 4;
  const int num_consumers = (NUM_THREADS / 128) - 1;

  __shared__ semaphore full[QSIZE], empty[QSIZE];
  if (threadIdx.x == 0) {
    for (int i = 0; i < QSIZE; ++i) {
      init_semaphore(full[i], 0, 1);
      init_semaphore(empty[i], num_consumers, 0);
    }
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");  // make the inits visible to the async proxy
  }
  __syncthreads();

  if (warpgroupid == 0) {  // producer
    if (warpgroup::laneid() == 0) {
      int p = 0, qidx = 0;
      for (int tile = 0; tile < num_tiles; ++tile, ++qidx) {
        if (qidx == QSIZE) { qidx = 0; p ^= 1; }
        wait(empty[qidx], p);
        tma::expect_bytes(full[qidx], 2 * A_BYTES + B_BYTES);
        for (int m = 0; m < 2; ++m)
          tma::load_async(As[qidx][m], A_packed + (size_t(row * 2 + m) * num_tiles + tile) * (BLOCK_SIZE * BLOCK_K), A_BYTES, full[qidx]);
        tma::load_async(Bs[qidx], B_packed + (size_t(col) * num_tiles + tile) * (BLOCK_K * BLOCK_SIZE), B_BYTES, full[qidx]);
      }
    }
  } else {  // consumer
    const int c = warpgroupid - 1;
    const int r = warpgroup::laneid() / 2, c0 = (warpgroup::laneid() % 2) * 32;
    float C_accum[32];
    for (int j = 0; j < 32; ++j) C_accum[j] = 0.f;

    if (warpgroup::laneid() == 0)
      for (int i = 0; i < QSIZE; ++i) arrive(empty[i], 1);

    int p = 0, qidx = 0;
    for (int tile = 0; tile < num_tiles; ++tile, ++qidx) {
      if (qidx == QSIZE) { qidx = 0; p ^= 1; }
      wait(full[qidx], p);
      warpgroup::sync(warpgroupid + 4);
      if (warpgroup::laneid() == 0) arrive(empty[qidx], 1);
      for (int k = 0; k < BLOCK_K; ++k) {
        const float a = As[qidx][c][r * BLOCK_K + k];  // corpus-bug
        for (int j = 0; j < 32; ++j) C_accum[j] += a * Bs[qidx][k * BLOCK_SIZE + c0 + j];
      }
    }

    float* dst = C_packed + ((size_t(blockIdx.y) * gridDim.x + blockIdx.x) * 2 + c) * (BLOCK_SIZE * BLOCK_SIZE);
    for (int j = 0; j < 32; ++j) dst[r * BLOCK_SIZE + c0 + j] = C_accum[j];
  }
}
