// corpus-source: written from: PTX ISA memory consistency model (release/acquire patterns, cumulativity through bar.sync), the cooperative_groups grid-sync implementation in /usr/local/cuda/include/cooperative_groups/details/sync.h (bar.sync; master thread atom.release.gpu; ld.acquire.gpu polling; bar.sync) and DeepGEMM comm/barrier.cuh grid_sync; layer-by-layer persistent kernel with a monotonic epoch counter
// corpus-form: written
// syncproof-args: --cooperative --block 256 --grid 1:132 --param num_layers=0:100000 --param n=1:16777216
// corpus-expect: buggy ordering
// As epoch_counter_layers_ok.cu, but the epoch target is off by one: thread 0 waits for counter >= layer *
// gridDim.x, which holds once every block finished layer-1 (immediately at layer 0). With gridDim.x >= 2 and
// num_layers >= 2 a block starts layer l+1 reading act[(l+1)&1] elements other blocks have not yet written for
// layer l (stale layer l-1 values), and overwrites act[l&1] while they may still read it.
#include <cstdint>

__device__ __forceinline__ void red_release_gpu_add(unsigned int* p, unsigned int v) {
  asm volatile("red.release.gpu.global.add.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ unsigned int ld_acquire_gpu(const unsigned int* p) {
  unsigned int v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}

__global__ void __launch_bounds__(256)
layers_persistent(float* __restrict__ act0, float* __restrict__ act1, unsigned int* counter, int num_layers, int n) {
  float* act[2] = {act0, act1};
  for (int layer = 0; layer < num_layers; ++layer) {
    const float* in = act[layer & 1];
    float* out = act[(layer + 1) & 1];
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
      out[i] = 0.5f * in[i] + 0.25f * in[(i + 1) % n] + 0.25f * in[(i + n / 2) % n];

    __syncthreads();  // all of this block's reads and writes of layer `layer` precede thread 0's release
    if (threadIdx.x == 0) {
      red_release_gpu_add(counter, 1u);
      while (ld_acquire_gpu(counter) < (unsigned int)layer * gridDim.x) {  // corpus-bug
      }
    }
    __syncthreads();  // the other threads read layer `layer` output only after thread 0's acquire
  }
}
