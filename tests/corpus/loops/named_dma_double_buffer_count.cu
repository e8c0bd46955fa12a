// corpus-source: written from: PTX ISA, "barrier{.cta}" (producer/consumer use of bar.arrive + bar.sync on named barriers with a thread count) and the CudaDMA warp-specialization scheme (Bauer et al., SC'11: DMA warps fill a buffer, compute warps consume, full/empty named barrier per buffer)
// corpus-form: written
// syncproof-args: --block 384 --grid 1:1024 --param k_tiles=0:100000
// corpus-expect: buggy barrier-mismatch
// Same DMA/compute split as named_dma_double_buffer_ok.cu, but the compute warps bar.sync(FULL_b) with a thread
// count of 256 (their own number) instead of 384. That barrier instance completes as soon as the 256 consumers
// arrive, without the DMA warps' arrival, so the consumers read sbuf[b] while the DMA threads are still storing
// tile k into it (and the DMA arrivals spill into later instances).
#include <cstdint>

constexpr int kTile = 2048;  // floats per buffer
constexpr uint32_t kAll = 384;
constexpr uint32_t FULL0 = 1, EMPTY0 = 3;  // FULL1 = 2, EMPTY1 = 4

__device__ __forceinline__ void named_sync(uint32_t id, uint32_t n) { asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(n) : "memory"); }
__device__ __forceinline__ void named_arrive(uint32_t id, uint32_t n) { asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(n) : "memory"); }

__global__ void __launch_bounds__(384, 1)
dma_specialized_sum(const float4* __restrict__ in, float* __restrict__ out, int k_tiles) {
  __shared__ alignas(16) float sbuf[2][kTile];
  const float4* src = in + size_t(blockIdx.x) * size_t(k_tiles) * (kTile / 4);

  if (threadIdx.x < 128) {
    // DMA (producer) warpgroup
    const int t = threadIdx.x;
    for (int k = 0; k < k_tiles; ++k) {
      const uint32_t b = k & 1;
      if (k >= 2) named_sync(EMPTY0 + b, kAll);  // consumers are done with tile k-2
      float4* dst = reinterpret_cast<float4*>(sbuf[b]);
      for (int i = t; i < kTile / 4; i += 128) dst[i] = src[size_t(k) * (kTile / 4) + i];
      named_arrive(FULL0 + b, kAll);  // tile k is in sbuf[b]
    }
  } else {
    // compute (consumer) warpgroups
    const int t = threadIdx.x - 128;
    float acc = 0.f;
    for (int k = 0; k < k_tiles; ++k) {
      const uint32_t b = k & 1;
      named_sync(FULL0 + b, 256);  // corpus-bug
      for (int i = 0; i < 8; ++i) acc += sbuf[b][t * 8 + i] * sbuf[b][(t * 8 + i + 1) % kTile];
      if (k + 2 < k_tiles) named_arrive(EMPTY0 + b, kAll);  // sbuf[b] may be refilled with tile k+2
    }
    out[size_t(blockIdx.x) * 256 + t] = acc;
  }
}
