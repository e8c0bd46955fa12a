// extern_shared_uintptr_ok.cu (intra-block/) rounding to 32 bytes on an array declared only
// __align__(16): where the floats start depends on the run-time address of the dynamic shared
// memory (a 16-byte boundary may or may not be a 32-byte one), which the model does not know.
// Not modelled: every access through f is unknown (never proved, never a guessed race).
// syncproof-args: --block 64 --grid 1:65535 --dynamic-smem 1024
#include <cstdint>

__global__ void neighbour(float* out) {
  extern __shared__ __align__(16) unsigned char smem[];
  uintptr_t base = reinterpret_cast<uintptr_t>(smem);
  base += 16;
  base++;
  uintptr_t other = base;
  float* f = reinterpret_cast<float*>((other + 31) & ~(uintptr_t)31);
  f[threadIdx.x] = (float)threadIdx.x;  // expected-unknown {{target region is unknown}}
  __syncthreads();
  out[blockIdx.x * 64 + threadIdx.x] = f[(threadIdx.x + 1) % 64];  // expected-unknown {{target region is unknown}}
}
