// `auto& [x, y] = sp[t + 1]` names thread t + 1's element: x = 1 writes sp[t + 1].a, a race with
// thread t + 1's read of sp[t + 1].a. Structured bindings were dropped before session 15
// (proved); by reference they are now not modelled (by value, the copy's reads are kept).
// syncproof-args: --block 128 --grid 1:65535

struct P {
  float a;
  float b;
};

__global__ void bindings(float* out) {
  __shared__ P sp[129];
  unsigned t = threadIdx.x;
  auto& [x, y] = sp[t + 1];  // expected-unknown {{structured bindings by reference are not modelled}}
  x = 1.0f;
  out[blockIdx.x * 128 + t] = sp[t].a + y;
}
