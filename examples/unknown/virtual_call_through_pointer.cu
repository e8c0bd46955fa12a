// A virtual call through a base pointer runs Der::w, which writes s[t + 1]: a write-write race
// with thread t + 1's `s[t] = 2`. Before session 15 the call was bound to Base::w (writes s[t])
// and the kernel was proved; dynamic dispatch is now not modelled.
// syncproof-args: --block 128 --grid 1:65535

struct Base {
  __device__ virtual void w(float* s, unsigned t) { s[t] = 1; }
};
struct Der : Base {
  __device__ void w(float* s, unsigned t) override { s[t + 1] = 1; }
};

__global__ void dispatch(float* out) {
  __shared__ float s[129];
  unsigned t = threadIdx.x;
  Der d;
  Base* p = &d;
  p->w(s, t);  // expected-unknown {{virtual call to 'Base::w' through a pointer or reference}}
  s[t] = 2;
  out[blockIdx.x * 128 + t] = 0;
}
