// corpus-source: HazyResearch/ThunderKittens@0b55588d2769dde0c7a9a606ffc015b0ca7a9551:kernels/gemm/educational_h100/level_06.cu [kernel], include/ops/thread/util/sync.cuh [init_semaphore, wait], include/ops/thread/util/tma.cuh [expect_bytes, load_async]
// corpus-form: adapted (st_bf tiles, tensor TMA and warpgroup::mma_AB replaced by 1D tma::load_async of pre-packed fp32 tiles and an FMA loop; fence.mbarrier_init after the init; prologue load guarded by num_tiles > 0)
// syncproof-args: --block 128 --grid 1:1024,1:1024 --param N=0:1000000
// corpus-expect: buggy mbarrier
// Same single-semaphore double buffering as tk_single_sem_ok.cu, but the in-loop expect_bytes arms the barrier
// for A_BYTES only while two copies (A_BYTES + B_BYTES) complete on it. With num_tiles >= 2, the phase of tile 1
// can complete as soon as the As copy lands (tx-count reaches 0 with no pending arrival), so wait(bar, tic)
// returns while the Bs[toc] bulk copy is still writing: the FMA loop reads Bs racing with the async write.
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

static constexpr int BLOCK_SIZE = 64;
static constexpr int BLOCK_K = 32;
static constexpr int NUM_THREADS = 128;
static constexpr uint32_t A_BYTES = BLOCK_SIZE * BLOCK_K * sizeof(float);
static constexpr uint32_t B_BYTES = BLOCK_K * BLOCK_SIZE * sizeof(float);

// A_packed: [gridDim.y][num_tiles][64*32], B_packed: [gridDim.x][num_tiles][32*64], C_packed: [grid][64*64]
__global__ void __launch_bounds__(NUM_THREADS)
kernel(const float* __restrict__ A_packed, const float* __restrict__ B_packed, float* __restrict__ C_packed, int N) {
  __shared__ alignas(128) float As[2][BLOCK_SIZE * BLOCK_K];
  __shared__ alignas(128) float Bs[2][BLOCK_K * BLOCK_SIZE];

  int tic = 0;
  int toc = 1;

  int row = blockIdx.y;
  int col = blockIdx.x;
  int num_tiles = (N + BLOCK_K - 1) / BLOCK_K;
  const float* a_src = A_packed + size_t(row) * num_tiles * (BLOCK_SIZE * BLOCK_K);
  const float* b_src = B_packed + size_t(col) * num_tiles * (BLOCK_K * BLOCK_SIZE);

  __shared__ semaphore bar;
  if (threadIdx.x == 0) {
    init_semaphore(bar, 0, 1);
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
    if (num_tiles > 0) {
      tma::expect_bytes(bar, A_BYTES + B_BYTES);
      tma::load_async(As[tic], a_src, A_BYTES, bar);
      tma::load_async(Bs[tic], b_src, B_BYTES, bar);
    }
  }
  __syncthreads();

  const int r = threadIdx.x / 2, c0 = (threadIdx.x % 2) * 32;
  float C_accum[32];
  for (int j = 0; j < 32; ++j) C_accum[j] = 0.f;

  for (int tile = 0; tile < num_tiles; ++tile, tic ^= 1, toc ^= 1) {
    // arrive memory
    wait(bar, tic);
    __syncthreads();

    // load next
    if (threadIdx.x == 0 && tile + 1 < num_tiles) {
      tma::expect_bytes(bar, A_BYTES);  // corpus-bug
      tma::load_async(As[toc], a_src + size_t(tile + 1) * (BLOCK_SIZE * BLOCK_K), A_BYTES, bar);
      tma::load_async(Bs[toc], b_src + size_t(tile + 1) * (BLOCK_K * BLOCK_SIZE), B_BYTES, bar);
    }

    for (int k = 0; k < BLOCK_K; ++k) {
      const float a = As[tic][r * BLOCK_K + k];
      for (int j = 0; j < 32; ++j) C_accum[j] += a * Bs[tic][k * BLOCK_SIZE + c0 + j];
    }

    __syncthreads();
  }

  float* dst = C_packed + (size_t(blockIdx.y) * gridDim.x + blockIdx.x) * (BLOCK_SIZE * BLOCK_SIZE);
  for (int j = 0; j < 32; ++j) dst[r * BLOCK_SIZE + c0 + j] = C_accum[j];
}
