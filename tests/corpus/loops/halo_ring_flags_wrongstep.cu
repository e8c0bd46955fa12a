// corpus-source: written from: PTX ISA memory consistency model (st.release.gpu / ld.acquire.gpu flag synchronization) and the usual persistent-kernel halo exchange between neighbouring blocks with per-step flags and double-buffered halo slots
// corpus-form: written
// syncproof-args: --cooperative --block 256 --grid 1:132 --param num_steps=0:100000
// corpus-expect: buggy ordering
// Same halo ring as halo_ring_flags_ok.cu, but thread 0 waits for the neighbours' flags to reach s-1 instead of
// s, i.e. for step s-2. With gridDim.x >= 2 and num_steps >= 2, it can read halo slot (s-1)&1 of a neighbour
// before that neighbour stored its step s-1 boundary there (stale step s-3 data, racing with the store), and it
// can overwrite its own slot s&1 while a neighbour still at step s-1 reads it.
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
constexpr int L = 1024;  // cells per block

// u_init/u_out: [gridDim.x][L], halo: [2][gridDim.x][2], flag: [gridDim.x]
__global__ void __launch_bounds__(kThreads)
halo_ring(const float* __restrict__ u_init, float* __restrict__ u_out, float* halo, unsigned int* flag, int num_steps) {
  __shared__ float u[L + 2];  // u[0], u[L+1]: halo cells
  __shared__ float u_new[L];
  const int t = threadIdx.x;
  const int P = gridDim.x, b = blockIdx.x;
  const int left = (b + P - 1) % P, right = (b + 1) % P;

  for (int j = t; j < L; j += kThreads) u[j + 1] = u_init[size_t(b) * L + j];
  __syncthreads();

  for (int s = 0; s < num_steps; ++s) {
    if (t == 0) {
      if (s == 0) {
        u[0] = u_init[size_t(left) * L + (L - 1)];
        u[L + 1] = u_init[size_t(right) * L];
      } else {
        while (ld_acquire_gpu(&flag[left]) < (unsigned int)(s - 1) || ld_acquire_gpu(&flag[right]) < (unsigned int)(s - 1)) {  // corpus-bug
        }
        u[0] = halo[(size_t((s - 1) & 1) * P + left) * 2 + 1];
        u[L + 1] = halo[(size_t((s - 1) & 1) * P + right) * 2 + 0];
      }
    }
    __syncthreads();
    for (int j = t; j < L; j += kThreads) u_new[j] = (u[j] + u[j + 1] + u[j + 2]) * (1.0f / 3.0f);
    __syncthreads();
    for (int j = t; j < L; j += kThreads) u[j + 1] = u_new[j];
    __syncthreads();
    if (t == 0) {
      halo[(size_t(s & 1) * P + b) * 2 + 0] = u[1];
      halo[(size_t(s & 1) * P + b) * 2 + 1] = u[L];
      st_release_gpu(&flag[b], (unsigned int)(s + 1));
    }
  }
  __syncthreads();
  for (int j = t; j < L; j += kThreads) u_out[size_t(b) * L + j] = u[j + 1];
}
