// corpus-source: PTX ISA 9.0 §membar/fence, §Causality Order
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: correct
// Generic writes, a redundant fence.proxy.alias, __syncthreads, generic reads of other threads' elements.
// "X and Y are performed to the same address, using the generic proxy" -> proxy-preserved base causality order via bar.sync (Causality Order).
#include <cuda.h>
#include <cstdint>

__global__ void alias_generic_kernel(int* out) {
  __shared__ int buf[128];
  const int t = threadIdx.x;
  buf[t] = t * 9;
  asm volatile("fence.proxy.alias;" ::: "memory");
  __syncthreads();
  out[t] = buf[127 - t];
}
