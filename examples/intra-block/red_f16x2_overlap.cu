// red.global.add.noftz.f16x2 updates 4 bytes (two halves): thread t + 1's red covers g[2t + 2]
// and g[2t + 3], and thread t stores g[2t + 3] with a plain store: an atomic and a plain
// access of the same bytes, unordered. Before session 15 the packed type was read as 16 bits
// (2 bytes) and the kernel was proved.
// syncproof-args: --block 128 --grid 1
#include <cuda_fp16.h>

__global__ void packed_red(__half* g, unsigned v) {
  unsigned t = threadIdx.x;
  asm volatile("red.global.add.noftz.f16x2 [%0], %1;" ::"l"(g + 2 * t), "r"(v) : "memory");
  g[2 * t + 3] = __float2half(1.0f);  // expected-race {{data race on 'g'}}
}
