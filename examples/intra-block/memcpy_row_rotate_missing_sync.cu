// memcpy_row_rotate_ok.cu without the barrier: thread t copies row t + 1 out of the tile
// while thread t + 1 may still be copying it in.
// syncproof-args: --block 128 --grid 1:4096
#include <cstring>
#define ROW 16
__global__ void rotate(const float *in, float *out) {
  __shared__ float tile[128 * ROW];
  unsigned t = threadIdx.x, r = blockIdx.x * 128 + t;
  memcpy(&tile[t * ROW], &in[(size_t)r * ROW], ROW * sizeof(float));  // expected-race {{data race on 'tile'}}
  unsigned src = (t + 1) % 128;
  memcpy(&out[(size_t)r * ROW], &tile[src * ROW], ROW * sizeof(float));
}
