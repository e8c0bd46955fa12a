// corpus-source: NVIDIA/cutlass@7107b05535f8977f5ecb9d01ee203205b1fd9bc4:include/cutlass/epilogue/collective/sm90_epilogue_tma_warpspecialized.hpp [store: synchronize, tma_store_fn, producer_acquire before the smem write (not ReuseSmemC), store_tail], include/cutlass/pipeline/sm90_pipeline.hpp [PipelineTmaStore<2,1>::producer_acquire/producer_commit/producer_tail, PipelineState]
// corpus-form: adapted (CuTe partitioning and TMA tensor store replaced by a 1D SM90_BULK_COPY_S2G of each 8 KiB subtile; values computed from global input instead of MMA accumulators; static persistent tile loop around the epilogue)
// syncproof-args: --block 256 --grid 1:132 --param num_tiles=0:1000000
// corpus-expect: buggy async-copy
// Same persistent TMA-store epilogue as cutlass_epilogue_tma_store_ok.cu, but without the
// fence.proxy.async.shared::cta between the threads' generic st.shared into sD and the bulk S2G copy. The named
// barrier orders the writes before thread 0's cp.async.bulk only in the generic proxy; the async-proxy read of
// sD is not ordered after them, so the TMA store may read stale subtile data (any num_tiles > blockIdx.x).
#include <cstdint>

// ---- from include/cute/arch/copy_sm90_tma.hpp (SM90_BULK_COPY_S2G::copy, tma_store_fence, tma_store_arrive, tma_store_wait)
__device__ __forceinline__ void bulk_copy_s2g(void const* smem_ptr, void* gmem_ptr, int32_t store_bytes) {
  uint32_t smem_int_ptr = static_cast<uint32_t>(__cvta_generic_to_shared(smem_ptr));
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;\n"
                   :
                   : "l"(gmem_ptr), "r"(smem_int_ptr), "r"(store_bytes)
                   : "memory");
}
__device__ __forceinline__ void tma_store_fence() { asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); }
__device__ __forceinline__ void tma_store_arrive() { asm volatile("cp.async.bulk.commit_group;" ::: "memory"); }
template <int Count>
__device__ __forceinline__ void tma_store_wait() { asm volatile("cp.async.bulk.wait_group.read %0;" : : "n"(Count) : "memory"); }

template <uint32_t Stages_>
struct PipelineState {  // include/cutlass/pipeline/sm90_pipeline.hpp (operator++ only)
  static constexpr uint32_t Stages = Stages_;
  int index_ = 0;
  uint32_t phase_ = 0;
  uint32_t count_ = 0;
  __device__ int index() const { return index_; }
  __device__ uint32_t count() const { return count_; }
  __device__ void operator++() {
    ++index_;
    ++count_;
    if (index_ == Stages) { index_ = 0; phase_ ^= 1; }
  }
};

template <int Stages_, int UnacquiredStages_ = Stages_ - 1>
struct PipelineTmaStore {  // producer-only pipeline: the consumer is the TMA unit
  static constexpr uint32_t UnacquiredStages = static_cast<uint32_t>(UnacquiredStages_);
  // Wait for the least recently committed batch of TMA stores to complete
  __device__ void producer_acquire(PipelineState<Stages_> state) {
    if (state.count() > UnacquiredStages) { tma_store_wait<UnacquiredStages_>(); }
  }
  // Commit the most recently issued batch of TMA stores
  __device__ void producer_commit(PipelineState<Stages_>) { tma_store_arrive(); }
  // Wait for all TMA stores to complete
  __device__ void producer_tail(PipelineState<Stages_>) { tma_store_wait<0>(); }
};

constexpr uint32_t EpilogueBarrier = 1;  // cutlass::arch::ReservedNamedBarriers::EpilogueBarrier
constexpr int kThreads = 256;            // size(TiledMma{})
constexpr int StagesD = 2;
constexpr int EPI_M = 64, EPI_N = 32;    // 8 KiB fp32 subtile
constexpr int kSubtiles = 4;             // subtiles per output tile
constexpr int kSubFloats = EPI_M * EPI_N;

// C: [num_tiles][kSubtiles][kSubFloats], D: same shape
__global__ void __launch_bounds__(kThreads)
epilogue_tma_store_persistent(const float* __restrict__ C, float* __restrict__ D, float alpha, int num_tiles) {
  __shared__ alignas(128) float sD[StagesD][kSubFloats];
  const int thread_idx = threadIdx.x;

  auto synchronize = [&]() { asm volatile("bar.sync %0, %1;" : : "r"(EpilogueBarrier), "r"(kThreads) : "memory"); };
  // Predication for TMA store (one thread issues the TMA store)
  bool issue_tma_store = thread_idx == 0;

  PipelineTmaStore<StagesD> store_pipeline;
  PipelineState<StagesD> store_pipe_producer_state;

  for (int tile = blockIdx.x; tile < num_tiles; tile += gridDim.x) {
    for (int epi = 0; epi < kSubtiles; ++epi) {
      const float* gC = C + (size_t(tile) * kSubtiles + epi) * kSubFloats;
      float frg[kSubFloats / kThreads];
      for (int i = 0; i < kSubFloats / kThreads; ++i) frg[i] = alpha * gC[i * kThreads + thread_idx];

      // Wait for the smem buffer to be available
      if (issue_tma_store) {
        store_pipeline.producer_acquire(store_pipe_producer_state);
      }
      synchronize();

      // Copy tile from register to smem
      float* s = sD[store_pipe_producer_state.index()];
      for (int i = 0; i < kSubFloats / kThreads; ++i) s[i * kThreads + thread_idx] = frg[i];

      // tma_store_fn
      synchronize();
      if (issue_tma_store) {
        bulk_copy_s2g(s, D + (size_t(tile) * kSubtiles + epi) * kSubFloats, kSubFloats * sizeof(float));  // corpus-bug
      }
      // Commit the TMA stores for this stage
      if (issue_tma_store) {
        store_pipeline.producer_commit(store_pipe_producer_state);
      }
      ++store_pipe_producer_state;
    }
  }

  // store_tail: wait for all TMA stores to complete
  if (issue_tma_store) {
    store_pipeline.producer_tail(store_pipe_producer_state);
  }
}
