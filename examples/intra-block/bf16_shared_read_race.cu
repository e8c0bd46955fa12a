// A bf16 tile in shared memory: thread t stores element t + 1 and reads element t, converted
// to float by __nv_bfloat16's conversion operator (a const member of a library type), with no
// barrier between: a race with thread t - 1's store. Before session 15 the conversion was
// taken as a pure call and the read of s[t] was dropped, so the kernel was proved.
// bf16_shared_read_ok.cu puts the barrier in.
// syncproof-args: --block 128 --grid 1:65535
#include <cuda_bf16.h>

__global__ void shift_bf16(float* out, const __nv_bfloat16* in) {
  __shared__ __nv_bfloat16 s[129];
  unsigned t = threadIdx.x;
  s[t + 1] = in[blockIdx.x * 128 + t];  // expected-race {{data race on 's'}}
  float f = s[t];
  out[blockIdx.x * 128 + t] = f;
}
