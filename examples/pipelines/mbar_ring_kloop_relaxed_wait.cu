// mbar_ring_kloop_ok.cu with the consumers' wait on 'full' made .relaxed (found by an
// adversarial review: it was proved). A relaxed try_wait observes the phase but acquires
// nothing, so no read of the stage is ordered after the bulk copy's writes. The ring
// induction does not apply to waits without acquire (unknown), and neither does the
// enumeration of trip counts: every finding is unknown or possible.
// syncproof-args: --block 160 --grid 1:132 --param k_tiles=0:100000
#include <cstdint>
constexpr int S = 4;
constexpr int TILE = 1024;  // floats: 4096 bytes
__device__ __forceinline__ unsigned smem(const void *p) { return (unsigned)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void mbar_init(uint64_t *b, unsigned n) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem(b)), "r"(n) : "memory");
}
__device__ __forceinline__ void mbar_arrive(uint64_t *b) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem(b)) : "memory");
}
__device__ __forceinline__ void mbar_expect(uint64_t *b, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem(b)), "r"(bytes) : "memory");
}
__device__ __forceinline__ void mbar_wait(uint64_t *b, unsigned parity) {
  unsigned done = 0;
  while (!done)  // expected-unknown {{inside a loop with a runtime trip count: a .relaxed wait}}
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done) : "r"(smem(b)), "r"(parity) : "memory");
}
__device__ __forceinline__ void tma_load(float *dst, const float *src, uint64_t *b) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], 4096, [%2];"  // expected-unknown {{possible in flight: write 'smem(dst)'}}
               ::"r"(smem(dst)), "l"(src), "r"(smem(b)) : "memory");
}
__device__ __forceinline__ void mbar_wait_relaxed(uint64_t *b, unsigned parity) {
  unsigned done = 0;
  while (!done)  // expected-unknown {{a .relaxed wait observes the phase without acquiring}}
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.relaxed.cta.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done) : "r"(smem(b)), "r"(parity) : "memory");
}
__global__ void kloop(const float *A, float *out, int k_tiles) {
  __shared__ alignas(128) float tile[S][TILE];
  __shared__ alignas(8) uint64_t full[S], empty[S];
  if (threadIdx.x == 0) {
    for (int s = 0; s < S; ++s) { mbar_init(&full[s], 1); mbar_init(&empty[s], 128); }
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  }
  __syncthreads();
  if (threadIdx.x < 32) {
    if (threadIdx.x == 0) {
      int stage = 0, phase = 0;
      for (int k = 0; k < k_tiles; ++k) {  // expected-unknown {{bounded: no violation for k_tiles in [0, 7]}}
        mbar_wait(&empty[stage], phase ^ 1);
        mbar_expect(&full[stage], 4096);
        tma_load(tile[stage], A + ((size_t)blockIdx.x * k_tiles + k) * TILE, &full[stage]);
        if (++stage == S) { stage = 0; phase ^= 1; }
      }
    }
  } else {
    unsigned c = threadIdx.x - 32;
    float acc = 0.f;
    int stage = 0, phase = 0;
    for (int k = 0; k < k_tiles; ++k) {
      mbar_wait_relaxed(&full[stage], phase);
      for (int i = 0; i < 8; ++i) acc += tile[stage][c * 8 + i];  // expected-unknown {{possible before completion: read 'tile[stage][c * 8 + i]'}}
      mbar_arrive(&empty[stage]);
      if (++stage == S) { stage = 0; phase ^= 1; }
    }
    out[blockIdx.x * 128 + c] = acc;
  }
}
