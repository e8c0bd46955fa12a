// corpus-source: written from: PTX ISA memory consistency model (st.release.gpu / ld.acquire.gpu, release ordering prior reads as well as writes) and the inter-block producer/consumer pipelines of persistent "megakernel" style codes: a chain of blocks passing tiles through a 2-slot global mailbox with full and empty counters
// corpus-form: written
// syncproof-args: --cooperative --block 256 --grid 1:132 --param num_steps=0:100000
// corpus-expect: correct
// Block b receives tile s from block b-1 through mailbox[b-1][s&1] (waits full_cnt[b-1] >= s+1, copies, then
// publishes empty_cnt[b-1] = s+1) and sends it on through mailbox[b][s&1], first waiting empty_cnt[b] >= s-1
// (block b+1 has finished reading tile s-2 from that slot). Thread 0 does the flag operations, __syncthreads
// orders the other threads' mailbox accesses around them. The host zeroes both counter arrays before the launch.
#include <cstdint>

__device__ __forceinline__ void st_release_gpu(unsigned int* p, unsigned int v) {
  asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ unsigned int ld_acquire_gpu(const unsigned int* p) {
  unsigned int v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}

constexpr int kThreads = 256;
constexpr int kTile = 1024;

// src/dst: [num_steps][kTile], mailbox: [gridDim.x][2][kTile], full_cnt/empty_cnt: [gridDim.x]
__global__ void __launch_bounds__(kThreads)
block_chain(const float* __restrict__ src, float* __restrict__ dst, float* mailbox,
            unsigned int* full_cnt, unsigned int* empty_cnt, int num_steps) {
  __shared__ float tile[kTile];
  const int t = threadIdx.x, b = blockIdx.x, P = gridDim.x;

  for (int s = 0; s < num_steps; ++s) {
    const unsigned int su = (unsigned int)s;
    // receive tile s
    if (b == 0) {
      for (int j = t; j < kTile; j += kThreads) tile[j] = src[size_t(s) * kTile + j];
    } else {
      if (t == 0) {
        while (ld_acquire_gpu(&full_cnt[b - 1]) < su + 1) {
        }
      }
      __syncthreads();
      const float* in = mailbox + (size_t(b - 1) * 2 + (s & 1)) * kTile;
      for (int j = t; j < kTile; j += kThreads) tile[j] = in[j];
      __syncthreads();
      if (t == 0) st_release_gpu(&empty_cnt[b - 1], su + 1);  // slot s&1 of mailbox b-1 is free again
    }

    for (int j = t; j < kTile; j += kThreads) tile[j] = tile[j] * 0.5f + 1.0f;

    // send tile s
    if (b == P - 1) {
      for (int j = t; j < kTile; j += kThreads) dst[size_t(s) * kTile + j] = tile[j];
    } else {
      if (t == 0 && s >= 2) {
        while (ld_acquire_gpu(&empty_cnt[b]) < su - 1) {  // block b+1 has consumed tile s-2 from slot s&1
        }
      }
      __syncthreads();
      float* out = mailbox + (size_t(b) * 2 + (s & 1)) * kTile;
      for (int j = t; j < kTile; j += kThreads) out[j] = tile[j];
      __syncthreads();
      if (t == 0) st_release_gpu(&full_cnt[b], su + 1);
    }
    __syncthreads();
  }
}
