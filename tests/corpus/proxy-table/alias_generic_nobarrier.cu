// corpus-source: PTX ISA 9.0 §membar/fence, §Causality Order
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// Generic writes, fence.proxy.alias, then reads of other threads' elements with no __syncthreads.
// "bi-directional proxy fences take effect within a single thread ... Their cross-proxy synchronizing effect composes with other forms of synchronization" (membar/fence) -- a proxy fence alone does not synchronize threads.
#include <cuda.h>
#include <cstdint>

__global__ void alias_generic_kernel(int* out) {
  __shared__ int buf[128];
  const int t = threadIdx.x;
  buf[t] = t * 9;
  asm volatile("fence.proxy.alias;" ::: "memory");
  // (no __syncthreads)
  out[t] = buf[127 - t];
}
