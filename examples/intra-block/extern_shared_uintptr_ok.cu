// Dynamic shared memory addressed through integer arithmetic on its address, as allocators in
// hand-written kernels do: the base is taken as a uintptr_t, advanced (+= 16, ++), copied, and
// rounded up to 16 bytes before it becomes a float* again; each thread stores its slot,
// __syncthreads(), then reads its neighbour's.
// Correct: smem is declared __align__(16), so the rounding is exact on offsets (the floats start
// at byte 32), and the barrier orders the stores before the loads.
// syncproof-args: --block 64 --grid 1:65535 --dynamic-smem 1024
// expected-no-diagnostics
#include <cstdint>

__global__ void neighbour(float* out) {
  extern __shared__ __align__(16) unsigned char smem[];
  uintptr_t base = reinterpret_cast<uintptr_t>(smem);
  base += 16;
  base++;
  uintptr_t other = base;
  float* f = reinterpret_cast<float*>((other + 15) & ~(uintptr_t)15);
  f[threadIdx.x] = (float)threadIdx.x;
  __syncthreads();
  out[blockIdx.x * 64 + threadIdx.x] = f[(threadIdx.x + 1) % 64];
}
