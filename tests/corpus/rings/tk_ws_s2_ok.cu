// corpus-source: HazyResearch/ThunderKittens@0b55588d2769dde0c7a9a606ffc015b0ca7a9551:kernels/gemm/educational_h100/level_07.cu [kernel], include/ops/thread/util/sync.cuh [init_semaphore, arrive, wait], include/ops/thread/util/tma.cuh [expect_bytes, load_async]
// corpus-form: adapted (one CTA; producer is one warp instead of a warpgroup; 1-D cp.async.bulk of one 4 KiB tile instead of tile TMA of A and B; consumers read the stage with ld.shared instead of WGMMA and lane 0 of each consumer warp arrives after __syncwarp; added "memory" clobber to wait)
// syncproof-args: --block 288 --grid 1:132 --param num_tiles=0:100000
// corpus-expect: correct
// host launch: tk_ws_ring<<<grid, 288>>>(A, C, num_tiles);  A: num_tiles*1024 floats, C: grid*256 floats (cudaMalloc'd, distinct, 16-byte aligned)
//
// Warp 0 lane 0 is the producer; warps 1..8 (256 threads) are consumers.
// full[q]: count 1 + 4096 tx bytes.  empty[q]: count 8 (lane 0 of each consumer warp);
// consumers pre-arrive once on every empty[q] (ThunderKittens style), so the producer's
// first wait, with p = 0, completes once every consumer warp has started.
#include <cstdint>

static constexpr int QSIZE = 2;
static constexpr int TILE_ELEMS = 1024;
static constexpr uint32_t TILE_BYTES = TILE_ELEMS * sizeof(float);
static constexpr int NUM_CONSUMER_WARPS = 8;
static constexpr int NUM_CONSUMER_THREADS = NUM_CONSUMER_WARPS * 32;

struct semaphore { uint64_t value; };

__device__ static inline void init_semaphore(semaphore& bar, int thread_count, int transaction_count = 0) {
    uint32_t bar_ptr = static_cast<uint32_t>(__cvta_generic_to_shared(&bar));
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" :: "r"(bar_ptr), "r"(thread_count + transaction_count) : "memory");
}

__device__ static inline void arrive(semaphore& sem) {
    uint32_t mbar_ptr = static_cast<uint32_t>(__cvta_generic_to_shared(&sem));
    asm volatile("mbarrier.arrive.release.cta.shared::cta.b64 _, [%0];\n" :: "r"(mbar_ptr) : "memory");
}

__device__ static inline void wait(semaphore& sem, int kPhaseBit) {
    uint32_t mbar_ptr = static_cast<uint32_t>(__cvta_generic_to_shared(&sem));
    asm volatile(
        "{\n"
        ".reg .pred                P1;\n"
        "LAB_WAIT:\n"
        "mbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1;\n"
        "@P1                       bra.uni DONE;\n"
        "bra.uni                   LAB_WAIT;\n"
        "DONE:\n"
        "}\n"
        :: "r"(mbar_ptr), "r"(kPhaseBit) : "memory");
}

__device__ static inline void expect_bytes(semaphore& bar, uint32_t bytes) {
    uint32_t bar_ptr = static_cast<uint32_t>(__cvta_generic_to_shared(&bar));
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" :: "r"(bar_ptr), "r"(bytes) : "memory");
}

__device__ static inline void load_async(void* dst, const void* src, uint32_t size_bytes, semaphore& bar) {
    asm volatile(
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];\n"
        :: "r"(static_cast<uint32_t>(__cvta_generic_to_shared(dst))), "l"(src), "r"(size_bytes),
           "r"(static_cast<uint32_t>(__cvta_generic_to_shared(&bar)))
        : "memory");
}

__global__ void tk_ws_ring(const float* __restrict__ A, float* __restrict__ C, int num_tiles) {
    __shared__ __align__(128) float As[QSIZE][TILE_ELEMS];
    __shared__ semaphore full[QSIZE], empty[QSIZE];

    const int warpid = threadIdx.x / 32;
    const int laneid = threadIdx.x % 32;

    if (threadIdx.x == 0) {
        for (int i = 0; i < QSIZE; ++i) {
            init_semaphore(full[i], 0, 1);
            init_semaphore(empty[i], NUM_CONSUMER_WARPS, 0);
        }
        asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    }
    __syncthreads();

    if (warpid == 0) { // producer
        if (laneid == 0) {
            int p = 0, qidx = 0;
            for (int tile = 0; tile < num_tiles; ++tile, ++qidx) {
                if (qidx == QSIZE) { qidx = 0; p ^= 1; }
                wait(empty[qidx], p);
                expect_bytes(full[qidx], TILE_BYTES);
                load_async(As[qidx], A + (size_t)tile * TILE_ELEMS, TILE_BYTES, full[qidx]);
            }
        }
    } else { // consumer
        const int ct = threadIdx.x - 32;
        float acc = 0.f;

        if (laneid == 0)
            for (int i = 0; i < QSIZE; ++i) arrive(empty[i]);

        int p = 0, qidx = 0;
        for (int tile = 0; tile < num_tiles; ++tile, ++qidx) {
            if (qidx == QSIZE) { qidx = 0; p ^= 1; }
            wait(full[qidx], p);
            for (int j = ct; j < TILE_ELEMS; j += NUM_CONSUMER_THREADS)
                acc += As[qidx][j];
            __syncwarp();
            if (laneid == 0) arrive(empty[qidx]);
        }

        C[blockIdx.x * NUM_CONSUMER_THREADS + ct] = acc;
    }
}
