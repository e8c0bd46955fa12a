// Twin of bf16_shared_read_race.cu with the barrier: thread t stores bf16 element t + 1,
// __syncthreads(), then reads element t (converted to float by the type's conversion
// operator, which reads the element).
// syncproof-args: --block 128 --grid 1:65535
// expected-no-diagnostics
#include <cuda_bf16.h>

__global__ void shift_bf16(float* out, const __nv_bfloat16* in) {
  __shared__ __nv_bfloat16 s[129];
  unsigned t = threadIdx.x;
  if (t == 0) s[0] = in[blockIdx.x * 128];
  s[t + 1] = in[blockIdx.x * 128 + t];
  __syncthreads();
  float f = s[t];
  out[blockIdx.x * 128 + t] = f;
}
