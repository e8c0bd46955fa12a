// corpus-source: written from: CUDA C++ Programming Guide, "Using TMA to transfer one-dimensional arrays" (cuda::device::memcpy_async_tx, cuda::device::barrier_arrive_tx, fence_proxy_async after init) and the libcu++ cuda::barrier docs (wait_parity); ring shape of CUTLASS PipelineTmaAsync
// corpus-form: written
// syncproof-args: --block 160 --grid 1:1024 --param num_steps=0:1000000
// corpus-expect: buggy mbarrier
// Same 3-stage cuda::barrier ring as cudabarrier_tma_ring_ok.cu, but the consumers' advance flips the phase on
// every iteration (the flip sits outside the wrap test). At i = 1 they wait full[1].wait_parity(true) while
// full[1] is still in its first phase (parity 0); a parity-1 wait on a barrier in phase 0 succeeds at once, so
// buf[1] is read before/while the bulk copy of step 1 writes it.
#include <cuda/barrier>
#include <cuda/ptx>
#include <cstdint>

using barrier = cuda::barrier<cuda::thread_scope_block>;
namespace ptx = cuda::ptx;

constexpr int kStages = 3;
constexpr int kChunk = 1024;  // floats per stage
constexpr int kConsumers = 128;

__global__ void __launch_bounds__(160) stream_sum(const float* __restrict__ in, float* __restrict__ out, int num_steps) {
  __shared__ alignas(128) float buf[kStages][kChunk];
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ barrier full[kStages];
  __shared__ barrier empty[kStages];

  if (threadIdx.x == 0) {
    for (int s = 0; s < kStages; ++s) {
      init(&full[s], 1);
      init(&empty[s], kConsumers);
    }
    ptx::fence_proxy_async(ptx::space_shared);  // make the initialized barriers visible to the async proxy
  }
  __syncthreads();

  const float* src = in + size_t(blockIdx.x) * size_t(num_steps) * kChunk;

  if (threadIdx.x < 32) {
    if (threadIdx.x == 0) {
      int stage = 0;
      bool phase = false;
      for (int i = 0; i < num_steps; ++i) {
        empty[stage].wait_parity(!phase);  // buffers start empty
        cuda::device::memcpy_async_tx(buf[stage], src + size_t(i) * kChunk, cuda::aligned_size_t<16>(sizeof(buf[stage])), full[stage]);
        barrier::arrival_token t = cuda::device::barrier_arrive_tx(full[stage], 1, sizeof(buf[stage]));
        (void)t;
        if (++stage == kStages) { stage = 0; phase = !phase; }
      }
    }
  } else {
    const int t = threadIdx.x - 32;
    float acc = 0.f;
    int stage = 0;
    bool phase = false;
    for (int i = 0; i < num_steps; ++i) {
      full[stage].wait_parity(phase);  // corpus-bug
      for (int j = t; j < kChunk; j += kConsumers) acc += buf[stage][j];
      barrier::arrival_token tok = empty[stage].arrive();
      (void)tok;
      if (++stage == kStages) stage = 0;
      phase = !phase;
    }
    out[size_t(blockIdx.x) * kConsumers + t] = acc;
  }
}
