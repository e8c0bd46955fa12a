// Outer's implicit copy constructor runs Inner's user-written copy constructor, which writes
// gs[t + 1]: a race with thread t + 1's read. Dropped before session 15 (proved); now not
// modelled.
// syncproof-args: --block 128 --grid 1:65535

__shared__ float gs[129];
struct Inner {
  int v;
  __device__ Inner() : v(0) {}
  __device__ Inner(const Inner& o) : v(o.v) { gs[threadIdx.x + 1] = 1.0f; }
};
struct Outer {
  Inner i;
};

__global__ void copy_outer(float* out, const Outer* src) {
  unsigned t = threadIdx.x;
  Outer a = src[t];  // expected-unknown {{the implicit constructor of 'Outer'}}
  out[blockIdx.x * 128 + t] = gs[t] + a.i.v;
}
