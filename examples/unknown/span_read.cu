// A read through cuda::std::span's operator[] (a const member of a library class that holds
// a pointer): sp[t] reads s[t], which thread t - 1 writes with no barrier between (a race).
// Before session 15 the const library member was taken as pure and the read was dropped
// (proved); a const member of a class holding pointers is now not modelled.
// syncproof-args: --block 128 --grid 1:65535
#include <cuda/std/span>

__global__ void via_span(float* out, const float* in) {
  __shared__ float s[129];
  unsigned t = threadIdx.x;
  s[t + 1] = in[blockIdx.x * 128 + t];
  cuda::std::span<float, 129> sp(s);
  out[blockIdx.x * 128 + t] = sp[t];  // expected-unknown {{operator[]}} expected-unknown {{read of 'sp[t]'}}
}
