// Shared memory viewed as cuda::std::complex<float>: thread t writes element t, then reads the
// real part of element t + 1 through complex::real() (a const member of a library class)
// with no barrier: a race with thread t + 1's write. Before session 15 the const member call
// was taken as pure and its object was not read (proved); it now reads the whole element.
// syncproof-args: --block 128 --grid 1:65535
#include <cuda/std/complex>

__global__ void real_parts(float* out, const float* in) {
  __shared__ __align__(8) float raw[256];
  auto* c = reinterpret_cast<cuda::std::complex<float>*>(raw);
  unsigned t = threadIdx.x;
  raw[2 * t] = in[blockIdx.x * 128 + t];  // expected-race {{data race on 'raw'}}
  raw[2 * t + 1] = 0.f;  // expected-race {{data race on 'raw'}}
  out[blockIdx.x * 128 + t] = c[(t + 1) % 128].real();
}
