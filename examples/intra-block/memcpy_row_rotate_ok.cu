// Device-side memcpy of a constant byte count: a plain read of the source bytes and a plain
// write of the destination's. Each thread copies its 64-byte row into the tile, the block
// synchronizes, and each thread copies its neighbour's row out. Proved (before session 24:
// unknown, "call to 'memcpy' ... is not modelled").
// syncproof-args: --block 128 --grid 1:4096
// expected-no-diagnostics
#include <cstring>
#define ROW 16
__global__ void rotate(const float *in, float *out) {
  __shared__ float tile[128 * ROW];
  unsigned t = threadIdx.x, r = blockIdx.x * 128 + t;
  memcpy(&tile[t * ROW], &in[(size_t)r * ROW], ROW * sizeof(float));
  __syncthreads();
  unsigned src = (t + 1) % 128;
  memcpy(&out[(size_t)r * ROW], &tile[src * ROW], ROW * sizeof(float));
}
