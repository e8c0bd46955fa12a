// corpus-source: written from: PTX ISA 9.0 (CUDA 13.0), "Parallel Synchronization and Communication Instructions: mbarrier" (mbarrier.init, mbarrier.arrive (default .release.cta), mbarrier.arrive.expect_tx, mbarrier.try_wait.parity (default .acquire.cta), "Phase Completion of the mbarrier object") and "cp.async.bulk"
// corpus-form: written
// syncproof-args: --block 256 --grid 1:132 --param n_steps=0:100000
// corpus-expect: buggy race
// host launch: single_loop_double_buffer<<<grid, 256>>>(src, dst, n_steps);  src: n_steps*1024 floats, dst: grid*256 floats (cudaMalloc'd, distinct, 16-byte aligned)
//
// Double buffering without warp specialization: all 256 threads consume every tile,
// thread 0 also issues tile k + 1 at the top of iteration k (into the stage that
// iteration k - 1 consumed, after waiting that stage's empty barrier).
// full[s]: count 1 + 4096 tx bytes.  empty[s]: count 256 (every thread arrives after reading).
#include <cstdint>

constexpr int S = 2;
constexpr int TILE = 1024;
constexpr uint32_t TILE_BYTES = 4096;
constexpr int NT = 256;

struct Ring {
  int stage = 0;
  uint32_t phase = 0;
  __device__ void advance() {
    if (++stage == S) { stage = 0; phase ^= 1; }
  }
};

__device__ __forceinline__ uint32_t sptr(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }

__device__ __forceinline__ void mbar_init(uint64_t* b, uint32_t n) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(sptr(b)), "r"(n) : "memory");
}
__device__ __forceinline__ bool mbar_try_wait(uint64_t* b, uint32_t parity) {
  uint32_t r;
  asm volatile("{\n\t.reg .pred q;\n\t"
               "mbarrier.try_wait.parity.shared::cta.b64 q, [%1], %2;\n\t"
               "selp.b32 %0, 1, 0, q;\n\t}"
               : "=r"(r) : "r"(sptr(b)), "r"(parity) : "memory");
  return r != 0;
}
__device__ __forceinline__ void mbar_arrive(uint64_t* b) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(sptr(b)) : "memory");
}
__device__ __forceinline__ void mbar_expect_tx(uint64_t* b, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(sptr(b)), "r"(bytes) : "memory");
}
__device__ __forceinline__ void tma_1d(void* dst, const void* src, uint32_t bytes, uint64_t* b) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
               :: "r"(sptr(dst)), "l"(src), "r"(bytes), "r"(sptr(b)) : "memory");
}

__device__ __forceinline__ void issue(Ring& w, float (*buf)[TILE], uint64_t* full, uint64_t* empty,
                                      const float* src, int t) {
  while (!mbar_try_wait(&empty[w.stage], w.phase)) {}
  mbar_expect_tx(&full[w.stage], TILE_BYTES);
  tma_1d(buf[w.stage], src + (size_t)t * TILE, TILE_BYTES, &full[w.stage]);
  w.advance();
}

__global__ void single_loop_double_buffer(const float* __restrict__ src, float* __restrict__ dst, int n_steps) {
  __shared__ __align__(128) float buf[S][TILE];
  __shared__ __align__(8) uint64_t full[S];
  __shared__ __align__(8) uint64_t empty[S];

  const int tid = threadIdx.x;
  if (tid == 0) {
    for (int s = 0; s < S; ++s) { mbar_init(&full[s], 1); mbar_init(&empty[s], NT); }
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  }
  __syncthreads();

  Ring w{0, 1};  // producer state, thread 0 only; fresh empty barriers pass on parity 1
  Ring r;        // consumer state, every thread
  if (tid == 0 && n_steps > 0) issue(w, buf, full, empty, src, 0);

  float best = -1e30f;
  for (int k = 0; k < n_steps; ++k) {
    if (tid == 0 && k + 1 < n_steps) issue(w, buf, full, empty, src, k + 1);

    while (!mbar_try_wait(&full[r.stage], r.phase)) {}
    mbar_arrive(&empty[r.stage]);  // corpus-bug
    for (int j = tid; j < TILE; j += NT)
      best = fmaxf(best, buf[r.stage][j]);
    r.advance();
  }
  dst[blockIdx.x * NT + tid] = best;
}
